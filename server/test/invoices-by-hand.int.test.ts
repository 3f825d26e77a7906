import {
  type AuditListResponse,
  auditListResponseSchema,
  type Customer,
  type ErrorBody,
  type Invoice,
  invoiceSchema,
} from '@receivables/contracts';
import { beforeAll, describe, expect, it } from 'vitest';

import { useIntegrationEnv } from './integration-env';
import { expectError, isoDay, joinWithRole, okBody, signUpWithOrg, type SignedUpUser } from './support';

// Invoices added, changed, voided and written off by hand from the customer page (decision 0042).
const env = useIntegrationEnv();
let jo: SignedUpUser;

beforeAll(async () => {
  jo = await signUpWithOrg(env.server, { name: 'Jo Bloggs' });
});

async function newCustomer(): Promise<Customer> {
  return okBody(await jo.api<Customer>('POST', '/api/customers/', { name: `Hand ${crypto.randomUUID().slice(0, 6)}`, currency: 'GBP' }));
}

const customer = async (id: string) => okBody(await jo.api<Customer>('GET', `/api/customers/${id}`));

async function auditOf(customerId: string) {
  const res = await jo.api<AuditListResponse>('GET', `/api/audit/?customer_id=${customerId}`);
  expect(res.status, res.text).toBe(200);
  return auditListResponseSchema.parse(res.body).rows;
}

describe('an invoice added by hand', () => {
  it('is owed and chased at once, and the audit log says who added it', async () => {
    const c = await newCustomer();
    expect((await customer(c.id)).standing).toBe('in_good_standing');
    const res = await jo.api<Invoice>('POST', '/api/invoices/', {
      customer_id: c.id,
      number: 'HAND-1',
      currency: 'GBP',
      amount_due: 120_000,
      issued_on: isoDay(-40),
      due_date: isoDay(-10),
      payment_url: 'https://pay.example.com/hand-1',
    });
    expect(res.status, res.text).toBe(201);
    const invoice = invoiceSchema.parse(res.body);
    expect(invoice).toMatchObject({ status: 'open', amount_remaining: 120_000, source: 'api', external_id: null });
    expect(await customer(c.id)).toMatchObject({ standing: 'single_missed', amount_overdue: 120_000 });

    const added = (await auditOf(c.id)).find((e) => e.action === 'invoice.create');
    expect(added?.actor?.name).toBe('Jo Bloggs');
    expect(added?.after).toMatchObject({ number: 'HAND-1', amount_due: 120_000, currency: 'GBP', due_date: isoDay(-10), status: 'open' });
  });

  it('voided, is no longer owed nor chased; written off the same; reopened, owed again', async () => {
    const c = await newCustomer();
    const invoice = okBody(
      await jo.api<Invoice>('POST', '/api/invoices/', { customer_id: c.id, number: `V-${crypto.randomUUID().slice(0, 6)}`, currency: 'GBP', amount_due: 5_000, issued_on: isoDay(-30), due_date: isoDay(-5) }),
    );
    expect((await customer(c.id)).amount_overdue).toBe(5_000);

    const voided = okBody(await jo.api<Invoice>('PUT', `/api/invoices/${invoice.id}/`, { status: 'void' }));
    expect(voided).toMatchObject({ status: 'void', amount_remaining: 0 });
    expect(await customer(c.id)).toMatchObject({ standing: 'in_good_standing', amount_overdue: 0 });

    okBody(await jo.api('PUT', `/api/invoices/${invoice.id}/`, { status: 'open' }));
    expect((await customer(c.id)).amount_overdue).toBe(5_000);
    okBody(await jo.api('PUT', `/api/invoices/${invoice.id}/`, { status: 'uncollectible' }));
    expect(await customer(c.id)).toMatchObject({ standing: 'in_good_standing', amount_overdue: 0 });

    const changes = (await auditOf(c.id)).filter((e) => e.action === 'invoice.update').map((e) => e.after?.status);
    expect(changes).toEqual(['uncollectible', 'open', 'void']);
  });

  it('says in money, not minor units, why an amount below what was paid is refused', async () => {
    const c = await newCustomer();
    const invoice = okBody(
      await jo.api<Invoice>('POST', '/api/invoices/', { customer_id: c.id, number: `P-${crypto.randomUUID().slice(0, 6)}`, currency: 'GBP', amount_due: 10_000, issued_on: isoDay(-30), due_date: isoDay(-5) }),
    );
    okBody(await jo.api('POST', '/api/payments/', { customer_id: c.id, invoice_id: invoice.id, amount: 4_000, currency: 'GBP' }));
    const refused = await jo.api<ErrorBody>('PUT', `/api/invoices/${invoice.id}/`, { amount_due: 3_000 });
    expectError(refused, 422, 'DOMAIN_RULE', 'amount_due');
    expect(refused.body.error.details?.[0]?.reason).toBe('must be at least the £40.00 already paid');
  });

  it('may not be added or changed by a member, who only chases', async () => {
    const c = await newCustomer();
    const member = await joinWithRole(env.server, env.db.db, jo.orgId, 'member');
    const body = { customer_id: c.id, number: 'M-1', currency: 'GBP', amount_due: 100, issued_on: isoDay(-3), due_date: isoDay(3) };
    expect((await member.api('POST', '/api/invoices/', body)).status).toBe(403);
  });
});
