import {
  type CustomerDetail,
  customerDetailSchema,
  type EventDetail,
  eventDetailSchema,
  type Invoice,
  type InvoiceListResponse,
  type Payment,
  type PaymentListResponse,
  paymentListResponseSchema,
  paymentSchema,
  type TimelineResponse,
  timelineResponseSchema,
} from '@receivables/contracts';
import { beforeAll, describe, expect, it } from 'vitest';

import { useIntegrationEnv } from './integration-env';
import { readEvents } from './scheduling-helpers';
import { type ApiClient, expectError, insertContact, insertCustomer, isoDay, type SignedUpUser } from './support';

// Decision 0037: a payment not tied to an invoice goes to the customer's open invoices, oldest due
// first; the rest is credit; and no payment may be dated after the organisation's today.
const env = useIntegrationEnv();
let user: SignedUpUser;
let api: ApiClient;

beforeAll(async () => {
  user = await env.signUp();
  api = user.api;
});

/** A customer with someone to write to, so its overdue debt is chased (emails planned). */
async function chasedCustomer(): Promise<string> {
  const c = await insertCustomer(env.db.db, user.orgId, { name: `On Account ${crypto.randomUUID().slice(0, 6)}` });
  await insertContact(env.db.db, user.orgId, c.id, { role: 'primary', name: 'Accounts', email: `ap-${c.id.slice(0, 8)}@example.com` });
  return c.id;
}

async function newInvoice(customerId: string, number: string, amountDue: number, dueIn: number): Promise<Invoice> {
  const res = await api<Invoice>('POST', '/api/invoices/', {
    customer_id: customerId,
    number,
    currency: 'GBP',
    amount_due: amountDue,
    issued_on: isoDay(dueIn - 30),
    due_date: isoDay(dueIn),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const pay = (body: Record<string, unknown>) => api<Payment>('POST', '/api/payments/', { currency: 'GBP', ...body });
const customer = async (id: string) => customerDetailSchema.parse((await api<CustomerDetail>('GET', `/api/customers/${id}/`)).body);
async function invoiceOf(invoice: Invoice): Promise<Invoice | undefined> {
  const list = (await api<InvoiceListResponse>('GET', `/api/invoices/?customer_id=${invoice.customer_id}&limit=100`)).body;
  return list.rows.find((i) => i.id === invoice.id);
}

/** The text of the customer's next planned email, rendered as it would go now. */
async function nextEmailText(customerId: string): Promise<string> {
  const pending = (await readEvents(env.db.db, user.orgId, customerId)).filter((e) => e.status === 'pending');
  const next = pending[0];
  if (!next) throw new Error('nothing planned');
  return eventDetailSchema.parse((await api<EventDetail>('GET', `/api/events/${next.id}/`)).body).text;
}

describe('a payment on account', () => {
  it('goes to the open invoices oldest due first, drops what is overdue and what the next email asks for, and keeps the rest as credit', async () => {
    const id = await chasedCustomer();
    const tag = crypto.randomUUID().slice(0, 6);
    // Created out of due order: the oldest due is paid first whatever the order they came in.
    const middle = await newInvoice(id, `B-${tag}`, 200_000, -10);
    const oldest = await newInvoice(id, `A-${tag}`, 300_000, -40);
    const recent = await newInvoice(id, `C-${tag}`, 100_000, -5);
    const notDue = await newInvoice(id, `D-${tag}`, 100_000, 20);
    expect(await customer(id)).toMatchObject({
      amount_overdue: 600_000,
      n_invoices: 3,
      standing: 'multiple_missed',
      balance: { open: 700_000, overdue: 600_000, not_yet_due: 100_000 },
      credit: 0,
    });
    expect(await nextEmailText(id)).toContain('£6,000.00');

    const first = await pay({ customer_id: id, amount: 350_000, paid_at: new Date(Date.now() - 86_400_000).toISOString() });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(paymentSchema.parse(first.body)).toMatchObject({
      invoice_id: null,
      invoice_number: null,
      allocations: [
        { invoice_id: oldest.id, invoice_number: oldest.number, amount: 300_000 },
        { invoice_id: middle.id, invoice_number: middle.number, amount: 50_000 },
      ],
    });
    expect(await invoiceOf(oldest)).toMatchObject({ status: 'paid', amount_paid: 300_000, amount_remaining: 0 });
    expect(await invoiceOf(middle)).toMatchObject({ status: 'open', amount_paid: 50_000, amount_remaining: 150_000 });
    expect(await customer(id)).toMatchObject({
      amount_overdue: 250_000,
      n_invoices: 2,
      standing: 'multiple_missed',
      balance: { open: 350_000, overdue: 250_000, not_yet_due: 100_000 },
      credit: 0,
    });
    // Chasing followed in the same request: the next email asks for what is still overdue.
    const text = await nextEmailText(id);
    expect(text).toContain('£2,500.00');
    expect(text).not.toContain('£6,000.00');

    const second = await pay({ customer_id: id, amount: 400_000 });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.allocations.map((a) => [a.invoice_number, a.amount])).toEqual([
      [middle.number, 150_000],
      [recent.number, 100_000],
      [notDue.number, 100_000],
    ]);
    expect(await customer(id)).toMatchObject({
      amount_overdue: 0,
      n_invoices: 0,
      standing: 'in_good_standing',
      balance: { open: 0, overdue: 0, not_yet_due: 0 },
      credit: 50_000,
    });
    expect((await readEvents(env.db.db, user.orgId, id)).filter((e) => e.status === 'pending')).toEqual([]);

    // The payments list and the timeline say where each went.
    const listed = paymentListResponseSchema.parse((await api<PaymentListResponse>('GET', `/api/customers/${id}/payments/`)).body);
    expect(listed.rows.map((p) => [p.amount, p.allocations.map((a) => `${a.invoice_number}:${a.amount}`)])).toEqual([
      [400_000, [`${middle.number}:150000`, `${recent.number}:100000`, `${notDue.number}:100000`]],
      [350_000, [`${oldest.number}:300000`, `${middle.number}:50000`]],
    ]);
    const timeline = timelineResponseSchema.parse((await api<TimelineResponse>('GET', `/api/customers/${id}/timeline`)).body);
    const payments = timeline.rows.flatMap((r) => (r.kind === 'payment' ? [r] : []));
    expect(payments.map((p) => [p.amount, p.allocations.map((a) => `${a.invoice_number}:${a.amount}`)])).toEqual(
      listed.rows.map((p) => [p.amount, p.allocations.map((a) => `${a.invoice_number}:${a.amount}`)]),
    );

    // An invoice added later takes the credit at once: what is held is not chased for.
    const added = await newInvoice(id, `E-${tag}`, 80_000, -2);
    expect(added).toMatchObject({ status: 'open', amount_paid: 50_000, amount_remaining: 30_000 });
    expect(await customer(id)).toMatchObject({ amount_overdue: 30_000, credit: 0 });
    const again = paymentListResponseSchema.parse((await api<PaymentListResponse>('GET', `/api/customers/${id}/payments/`)).body);
    expect(again.rows[0]?.allocations.map((a) => [a.invoice_number, a.amount])).toEqual([
      [middle.number, 150_000],
      [recent.number, 100_000],
      [notDue.number, 100_000],
      [added.number, 50_000],
    ]);
  });

  it('with nothing open, is all credit; a payment against an invoice allocates nothing', async () => {
    const id = await chasedCustomer();
    const res = await pay({ customer_id: id, amount: 12_345 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.allocations).toEqual([]);
    expect(await customer(id)).toMatchObject({ credit: 12_345, balance: { open: 0 } });

    const owed = await newInvoice(id, `E-${crypto.randomUUID().slice(0, 6)}`, 10_000, -5);
    // The credit covered it whole on arrival.
    expect(owed).toMatchObject({ status: 'paid', amount_paid: 10_000, amount_remaining: 0 });
    expect(await customer(id)).toMatchObject({ credit: 2_345, amount_overdue: 0, standing: 'in_good_standing' });
  });

  it('is in the customer’s currency and for the organisation’s own customers only', async () => {
    const id = await chasedCustomer();
    expectError(await pay({ customer_id: id, amount: 100, currency: 'EUR' }), 422, 'DOMAIN_RULE', 'currency');
    const other = await env.signUp();
    const theirs = await insertCustomer(env.db.db, other.orgId, { name: 'Theirs' });
    expectError(await pay({ customer_id: theirs.id, amount: 100 }), 404, 'NOT_FOUND', 'customer_id');
    expect(await customer(id)).toMatchObject({ credit: 0 });
  });
});

describe('the date of a payment', () => {
  it('may be any time of today or earlier, never a later day: 422 naming paid_at, and nothing recorded', async () => {
    const id = await chasedCustomer();
    const owed = await newInvoice(id, `F-${crypto.randomUUID().slice(0, 6)}`, 10_000, -5);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const refused = await pay({ customer_id: id, amount: 10_000, paid_at: tomorrow });
    expectError(refused, 422, 'DOMAIN_RULE', 'paid_at');
    expect(JSON.stringify(refused.body)).toContain('cannot be in the future');
    expectError(await pay({ customer_id: id, invoice_id: owed.id, amount: 10_000, paid_at: '2027-06-01T00:00:00Z' }), 422, 'DOMAIN_RULE', 'paid_at');
    expect((await api<PaymentListResponse>('GET', `/api/customers/${id}/payments/`)).body.total).toBe(0);
    expect(await invoiceOf(owed)).toMatchObject({ status: 'open', amount_remaining: 10_000 });

    // A clock a minute or two ahead of ours is still today (or, at midnight, within the grace).
    const ahead = await pay({ customer_id: id, invoice_id: owed.id, amount: 4_000, paid_at: new Date(Date.now() + 120_000).toISOString() });
    expect(ahead.status, JSON.stringify(ahead.body)).toBe(201);
    const now = await pay({ customer_id: id, invoice_id: owed.id, amount: 6_000 });
    expect(now.status, JSON.stringify(now.body)).toBe(201);
    expect(await invoiceOf(owed)).toMatchObject({ status: 'paid', amount_remaining: 0 });
  });
});
