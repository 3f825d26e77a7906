import {
  type Customer,
  type CustomerDetail,
  customerDetailSchema,
  type Invoice,
  type InvoiceListResponse,
  invoiceListResponseSchema,
  invoiceSchema,
  type Payment,
  type PaymentListResponse,
  paymentListResponseSchema,
  paymentSchema,
  type TimelineResponse,
  timelineResponseSchema,
} from '@receivables/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { useIntegrationEnv } from './integration-env';
import { type ApiClient, expectError, isoDay, insertCustomer, insertInvoice, type SignedUpUser, withOrg } from './support';

const env = useIntegrationEnv();
let user: SignedUpUser;
let api: ApiClient;
let other: { customerId: string; invoiceId: string };

beforeAll(async () => {
  user = await env.signUp();
  api = user.api;
  const b = await env.signUp();
  const customerId = (await insertCustomer(env.db.db, b.orgId, { name: 'Theirs' })).id;
  other = { customerId, invoiceId: (await insertInvoice(env.db.db, b.orgId, customerId, { amountDue: 100, dueDate: '2024-01-01' })).id };
});

async function newCustomer(name = `Cust ${crypto.randomUUID().slice(0, 6)}`): Promise<Customer> {
  return (await api<Customer>('POST', '/api/customers/', { name, currency: 'GBP' })).body;
}

async function newInvoice(customerId: string, body: Record<string, unknown> = {}): Promise<Invoice> {
  const res = await api<Invoice>('POST', '/api/invoices/', {
    customer_id: customerId,
    number: `INV-${crypto.randomUUID().slice(0, 8)}`,
    currency: 'GBP',
    amount_due: 10_000,
    issued_on: isoDay(-60),
    due_date: isoDay(-30),
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return invoiceSchema.parse(res.body);
}

const customer = async (id: string) => (await api<Customer>('GET', `/api/customers/${id}`)).body;

async function userName(userId: string): Promise<string> {
  const { rows } = await env.db.pool.query<{ name: string }>('select name from auth_user where id = $1', [userId]);
  return rows[0]?.name ?? '';
}

describe('derived fields stay true', () => {
  it('follow invoices due, paid and voided; the future one never counts', async () => {
    const c = await newCustomer('Derived Ltd');
    const older = await newInvoice(c.id, { amount_due: 10_000, issued_on: isoDay(-60), due_date: isoDay(-30) });
    const newer = await newInvoice(c.id, { amount_due: 4_000, issued_on: isoDay(-20), due_date: isoDay(-5) });
    await newInvoice(c.id, { amount_due: 99_000, issued_on: isoDay(-1), due_date: isoDay(20) });
    expect(await customer(c.id)).toMatchObject({ amount_overdue: 14_000, n_invoices: 2, due_date: isoDay(-30), standing: 'multiple_missed' });

    const paid = await api<Invoice>('PUT', `/api/invoices/${older.id}/`, { status: 'paid' });
    expect(paid.body).toMatchObject({ status: 'paid', amount_paid: 10_000, amount_remaining: 0 });
    expect(await customer(c.id)).toMatchObject({ amount_overdue: 4_000, n_invoices: 1, due_date: isoDay(-5), standing: 'single_missed' });

    const voided = await api<Invoice>('PUT', `/api/invoices/${newer.id}/`, { status: 'void' });
    expect(voided.body).toMatchObject({ status: 'void', amount_remaining: 0 });
    expect(await customer(c.id)).toMatchObject({ amount_overdue: 0, n_invoices: 0, due_date: null, standing: 'in_good_standing' });

    const timeline = timelineResponseSchema.parse((await api<TimelineResponse>('GET', `/api/customers/${c.id}/timeline`)).body);
    const transitions = timeline.rows.filter((r) => r.kind === 'standing_transition').map((r) => `${r.from}>${r.to}:${r.reason}`);
    expect(transitions).toEqual([
      'single_missed>in_good_standing:debt_voided',
      'multiple_missed>single_missed:to_single',
      'single_missed>multiple_missed:to_multiple',
      'in_good_standing>single_missed:days_passed',
    ]);
    // Marking paid recorded the money as a payment.
    const payments = paymentListResponseSchema.parse((await api<PaymentListResponse>('GET', `/api/customers/${c.id}/payments/`)).body);
    expect(payments.rows).toMatchObject([{ amount: 10_000, invoice_id: older.id, invoice_number: older.number }]);
  });

  it('a payment against an invoice settles it, part then whole', async () => {
    const c = await newCustomer();
    const a = await newInvoice(c.id, { amount_due: 6_000 });
    await newInvoice(c.id, { amount_due: 1_000, due_date: isoDay(-2), issued_on: isoDay(-3) });
    let res = await api<Payment>('POST', '/api/payments/', { customer_id: c.id, invoice_id: a.id, amount: 2_500, currency: 'gbp' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(paymentSchema.parse(res.body)).toMatchObject({ amount: 2_500, currency: 'GBP', invoice_number: a.number });
    expect(await customer(c.id)).toMatchObject({ amount_overdue: 4_500, n_invoices: 2, standing: 'multiple_missed' });
    expectError(await api('POST', '/api/payments/', { customer_id: c.id, invoice_id: a.id, amount: 3_501, currency: 'GBP' }), 422, 'DOMAIN_RULE', 'amount');
    // Money not yet received is not a payment (decision 0037).
    const future = { customer_id: c.id, invoice_id: a.id, amount: 3_500, currency: 'GBP', paid_at: '2030-01-01T10:00:00Z' };
    expectError(await api('POST', '/api/payments/', future), 422, 'DOMAIN_RULE', 'paid_at');
    res = await api<Payment>('POST', '/api/payments/', { ...future, paid_at: new Date().toISOString() });
    expect(res.status).toBe(201);
    const list = (await api<InvoiceListResponse>('GET', `/api/invoices/?customer_id=${c.id}`)).body;
    expect(list.rows.find((i) => i.id === a.id)).toMatchObject({ status: 'paid', amount_paid: 6_000, amount_remaining: 0 });
    expect(await customer(c.id)).toMatchObject({ amount_overdue: 1_000, n_invoices: 1, standing: 'single_missed' });
    const payments = (await api<PaymentListResponse>('GET', `/api/customers/${c.id}/payments/`)).body;
    expect(payments.rows.map((p) => p.amount)).toEqual([3_500, 2_500]);
    expect(payments.total).toBe(2);
    expectError(await api('POST', '/api/payments/', { customer_id: c.id, invoice_id: a.id, amount: 1, currency: 'GBP' }), 422, 'DOMAIN_RULE', 'invoice_id');
  });
});

describe('GET /api/customers/{id}/: the balance', () => {
  it('splits the open balance into overdue and not yet due, and says what a paused customer is underneath', async () => {
    const c = await newCustomer('Balance Ltd');
    const partPaid = await newInvoice(c.id, { amount_due: 10_000, issued_on: isoDay(-60), due_date: isoDay(-30) });
    await newInvoice(c.id, { amount_due: 4_000, issued_on: isoDay(-20), due_date: isoDay(-5) });
    await newInvoice(c.id, { amount_due: 7_500, issued_on: isoDay(-1), due_date: isoDay(20) });
    await newInvoice(c.id, { amount_due: 900, issued_on: isoDay(-1), due_date: isoDay(0) });
    const voided = await newInvoice(c.id, { amount_due: 50_000, issued_on: isoDay(-90), due_date: isoDay(-60) });
    await api('PUT', `/api/invoices/${voided.id}/`, { status: 'void' });
    await api('POST', '/api/payments/', { customer_id: c.id, invoice_id: partPaid.id, amount: 2_500, currency: 'GBP' });

    const detail = customerDetailSchema.parse(await customer(c.id));
    // Due today is not yet overdue (docs/domain.md, Dates): 7,500 + 900 still to come.
    expect(detail.balance).toEqual({ open: 7_500 + 4_000 + 7_500 + 900, overdue: 7_500 + 4_000, not_yet_due: 8_400 });
    expect(detail).toMatchObject({ amount_overdue: 11_500, standing: 'multiple_missed', underlying_standing: 'multiple_missed' });

    const paused = await api<CustomerDetail>('POST', `/api/customers/${c.id}/pause`, { until: isoDay(30) });
    expect(paused.body).toMatchObject({ standing: 'paused', underlying_standing: 'multiple_missed', balance: detail.balance });
    await api('PUT', `/api/invoices/${partPaid.id}/`, { status: 'paid' });
    expect(await customer(c.id)).toMatchObject({ standing: 'paused', underlying_standing: 'single_missed', balance: { open: 12_400, overdue: 4_000 } });
  });

  it('answers zeros and good standing for a customer with nothing open', async () => {
    const c = await newCustomer();
    expect(await customer(c.id)).toMatchObject({ balance: { open: 0, overdue: 0, not_yet_due: 0 }, underlying_standing: 'in_good_standing' });
  });
});

describe('invoices', () => {
  it('upserts by external_id (201 then 200) and lists open first, then by due date', async () => {
    const c = await newCustomer();
    const body = { customer_id: c.id, number: 'EXT-1', currency: 'GBP', amount_due: 500, issued_on: isoDay(-10), due_date: isoDay(5), external_id: 'erp:1' };
    const first = await api<Invoice>('POST', '/api/invoices/', body);
    expect(first.status).toBe(201);
    const second = await api<Invoice>('POST', '/api/invoices/', { ...body, amount_due: 700, payment_url: 'https://pay.example/1' });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ id: first.body.id, amount_due: 700, amount_remaining: 700, payment_url: 'https://pay.example/1', source: 'api' });
    await newInvoice(c.id, { status: 'void', due_date: isoDay(-40), issued_on: isoDay(-50) });
    await newInvoice(c.id, { due_date: isoDay(-1), issued_on: isoDay(-2) });
    const list = invoiceListResponseSchema.parse((await api('GET', `/api/invoices/?customer_id=${c.id}&limit=10`)).body);
    expect(list.total).toBe(3);
    expect(list.rows.map((i) => [i.status, i.due_date])).toEqual([['open', isoDay(-1)], ['open', isoDay(5)], ['void', isoDay(-40)]]);
    expect((await api<InvoiceListResponse>('GET', `/api/invoices/?customer_id=${c.id}&limit=1&offset=2`)).body.rows).toHaveLength(1);
  });

  it('refuses a duplicate number, bad amounts, dates, currencies and links', async () => {
    const c = await newCustomer();
    const inv = await newInvoice(c.id, { number: 'DUP-1' });
    const base = { customer_id: c.id, number: 'N-1', currency: 'GBP', amount_due: 100, issued_on: '2024-01-01', due_date: '2024-02-01' };
    expectError(await api('POST', '/api/invoices/', { ...base, number: 'DUP-1' }), 409, 'CONFLICT', 'number');
    expectError(await api('POST', '/api/invoices/', { ...base, amount_due: -1 }), 400, 'VALIDATION_FAILED', 'amount_due');
    expectError(await api('POST', '/api/invoices/', { ...base, amount_due: 1.5 }), 400, 'VALIDATION_FAILED', 'amount_due');
    expectError(await api('POST', '/api/invoices/', { ...base, amount_paid: 101 }), 400, 'VALIDATION_FAILED', 'amount_paid');
    expectError(await api('POST', '/api/invoices/', { ...base, due_date: '2023-12-31' }), 400, 'VALIDATION_FAILED', 'due_date');
    expectError(await api('POST', '/api/invoices/', { ...base, currency: 'GBPX' }), 400, 'VALIDATION_FAILED', 'currency');
    expectError(await api('POST', '/api/invoices/', { ...base, currency: 'EUR' }), 422, 'DOMAIN_RULE', 'currency');
    expectError(await api('POST', '/api/invoices/', { ...base, payment_url: 'javascript:alert(1)' }), 400, 'VALIDATION_FAILED', 'payment_url');
    expectError(await api('POST', '/api/invoices/', { ...base, customer_id: 'nope' }), 400, 'VALIDATION_FAILED', 'customer_id');
    expectError(await api('PUT', `/api/invoices/${inv.id}/`, { amount_due: -5 }), 400, 'VALIDATION_FAILED', 'amount_due');
    expectError(await api('PUT', `/api/invoices/${inv.id}/`, {}), 400, 'VALIDATION_FAILED');
    expectError(await api('PUT', `/api/invoices/${inv.id}/`, { due_date: '1999-01-01' }), 400, 'VALIDATION_FAILED', 'due_date');
    expectError(await api('GET', '/api/invoices/'), 400, 'VALIDATION_FAILED', 'customer_id');
  });

  it('changes the amount and reopens a voided invoice; a paid one stays paid', async () => {
    const c = await newCustomer();
    const inv = await newInvoice(c.id, { amount_due: 1_000 });
    expect((await api<Invoice>('PUT', `/api/invoices/${inv.id}/`, { amount_due: 1_500 })).body.amount_remaining).toBe(1_500);
    expect((await customer(c.id)).amount_overdue).toBe(1_500);
    await api('PUT', `/api/invoices/${inv.id}/`, { status: 'uncollectible' });
    expect((await customer(c.id)).standing).toBe('in_good_standing');
    expect((await api<Invoice>('PUT', `/api/invoices/${inv.id}/`, { status: 'open' })).body).toMatchObject({ status: 'open', amount_remaining: 1_500 });
    await api('PUT', `/api/invoices/${inv.id}/`, { status: 'paid' });
    expectError(await api('PUT', `/api/invoices/${inv.id}/`, { status: 'open' }), 422, 'DOMAIN_RULE', 'status');
  });

  it('answers 404 for another organisation’s or an unknown invoice or customer', async () => {
    for (const id of [other.invoiceId, crypto.randomUUID()]) {
      expectError(await api('PUT', `/api/invoices/${id}/`, { status: 'void' }), 404, 'NOT_FOUND');
    }
    const base = { number: 'X-1', currency: 'GBP', amount_due: 100, issued_on: '2024-01-01', due_date: '2024-02-01' };
    expectError(await api('POST', '/api/invoices/', { ...base, customer_id: other.customerId }), 404, 'NOT_FOUND', 'customer_id');
    expectError(await api('GET', `/api/invoices/?customer_id=${other.customerId}`), 404, 'NOT_FOUND');
    expectError(await api('PUT', '/api/invoices/not-a-uuid/', { status: 'void' }), 400, 'VALIDATION_FAILED', 'id');
  });
});

describe('payments', () => {
  it('refuses bad input and other organisations’ records', async () => {
    const c = await newCustomer();
    const base = { customer_id: c.id, amount: 100, currency: 'GBP' };
    expect((await api('POST', '/api/payments/', base)).status).toBe(201);
    expectError(await api('POST', '/api/payments/', { ...base, amount: 0 }), 400, 'VALIDATION_FAILED', 'amount');
    expectError(await api('POST', '/api/payments/', { ...base, amount: -100 }), 400, 'VALIDATION_FAILED', 'amount');
    expectError(await api('POST', '/api/payments/', { ...base, currency: '£' }), 400, 'VALIDATION_FAILED', 'currency');
    expectError(await api('POST', '/api/payments/', { ...base, customer_id: other.customerId }), 404, 'NOT_FOUND', 'customer_id');
    expectError(await api('POST', '/api/payments/', { ...base, invoice_id: other.invoiceId }), 404, 'NOT_FOUND', 'invoice_id');
    expectError(await api('POST', '/api/payments/', { ...base, invoice_id: 'x' }), 400, 'VALIDATION_FAILED', 'invoice_id');
    await api('POST', '/api/payments/', { ...base, external_id: 'bank:1' });
    expectError(await api('POST', '/api/payments/', { ...base, external_id: 'bank:1' }), 409, 'CONFLICT', 'external_id');
  });
});

describe('Idempotency-Key', () => {
  it('replays the first answer for the same body, without running the write again', async () => {
    const c = await newCustomer();
    const body = { customer_id: c.id, amount: 250, currency: 'GBP' };
    const key = { 'idempotency-key': `pay-${crypto.randomUUID()}` };
    const first = await api('POST', '/api/payments/', body, key);
    const again = await api('POST', '/api/payments/', body, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await api<PaymentListResponse>('GET', `/api/customers/${c.id}/payments/`)).body.total).toBe(1);

    const created = await api<Customer>('POST', '/api/customers/', { name: 'Once', currency: 'GBP' }, { 'idempotency-key': 'cust-once' });
    const replay = await api<Customer>('POST', '/api/customers/', { currency: 'GBP', name: 'Once' }, { 'idempotency-key': 'cust-once' });
    expect(replay.body).toEqual(created.body);
    const n = await withOrg(env.db.db, user.orgId, (tx) => tx.execute(sql`select count(*)::int as n from customer where name = 'Once'`));
    expect(n.rows[0]).toEqual({ n: 1 });
  });

  it('answers 422 for the same key with another body, 400 for an over-long key', async () => {
    const c = await newCustomer();
    const key = { 'idempotency-key': `k-${crypto.randomUUID()}` };
    await api('POST', '/api/payments/', { customer_id: c.id, amount: 1, currency: 'GBP' }, key);
    expectError(await api('POST', '/api/payments/', { customer_id: c.id, amount: 2, currency: 'GBP' }, key), 422, 'IDEMPOTENCY_KEY_REUSED');
    expectError(await api('PUT', `/api/customers/${c.id}/`, { name: 'x' }, key), 422, 'IDEMPOTENCY_KEY_REUSED');
    expectError(await api('POST', '/api/payments/', { customer_id: c.id, amount: 1, currency: 'GBP' }, { 'idempotency-key': 'k'.repeat(201) }), 400, 'VALIDATION_FAILED', 'idempotency-key');
  });

  it('does not store a refused request: the corrected retry runs', async () => {
    const c = await newCustomer();
    const key = { 'idempotency-key': `fix-${crypto.randomUUID()}` };
    expectError(await api('PUT', `/api/customers/${c.id}/`, { currency: 'EURO' }, key), 400, 'VALIDATION_FAILED');
    const inv = await newInvoice(c.id);
    const bad = await api('POST', '/api/payments/', { customer_id: c.id, invoice_id: inv.id, amount: 20_000, currency: 'GBP' }, key);
    expectError(bad, 422, 'DOMAIN_RULE', 'amount');
    const ok = await api('POST', '/api/payments/', { customer_id: c.id, invoice_id: inv.id, amount: 10_000, currency: 'GBP' }, key);
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect((await api('POST', '/api/payments/', { customer_id: c.id, invoice_id: inv.id, amount: 10_000, currency: 'GBP' }, key)).body).toEqual(ok.body);
  });

  it('covers every write: invoices upsert, tags, contact, pause', async () => {
    const c = await newCustomer();
    const calls: [string, string, unknown][] = [
      ['POST', '/api/invoices/', { customer_id: c.id, number: `I-${crypto.randomUUID()}`, currency: 'GBP', amount_due: 5, issued_on: '2024-01-01', due_date: '2024-01-02' }],
      ['POST', '/api/tags', { name: `t-${crypto.randomUUID().slice(0, 8)}` }],
      ['POST', `/api/customers/${c.id}/contact`, { role: 'primary', email: 'i@d.example' }],
      ['PUT', `/api/customers/${c.id}/tags`, { tags: [{ name: 'idem' }] }],
      ['POST', `/api/customers/${c.id}/pause`, { until: null }],
    ];
    for (const [method, path, body] of calls) {
      const key = { 'idempotency-key': crypto.randomUUID() };
      const first = await api(method, path, body, key);
      const again = await api(method, path, body, key);
      expect(first.status, `${method} ${path} ${JSON.stringify(first.body)}`).toBeLessThan(300);
      expect([again.status, again.body]).toEqual([first.status, first.body]);
    }
  });
});

describe('GET /api/customers/{id}/timeline', () => {
  it('merges transitions, payments, invoices, edits and emails, newest first, paged', async () => {
    const c = await newCustomer('Timeline Ltd');
    await api('POST', `/api/customers/${c.id}/contact`, { role: 'primary', email: 'tl@x.example' });
    const inv = await newInvoice(c.id, { amount_due: 800 });
    await api('POST', '/api/payments/', { customer_id: c.id, invoice_id: inv.id, amount: 300, currency: 'GBP' });
    await api('PUT', `/api/customers/${c.id}/`, { name: 'Timeline plc' });
    await api('POST', `/api/customers/${c.id}/pause`, { until: null });
    const res = await api<TimelineResponse>('GET', `/api/customers/${c.id}/timeline`);
    expect(res.status).toBe(200);
    const tl = timelineResponseSchema.parse(res.body);
    const kinds = new Set(tl.rows.map((r) => r.kind));
    expect([...kinds].sort()).toEqual(['edit', 'email', 'invoice', 'payment', 'standing_transition']);
    const ats = tl.rows.map((r) => r.at);
    expect([...ats].sort().reverse()).toEqual(ats);
    // The pause is the newest edit; only the reminders it superseded, dated as it committed, are newer.
    expect(tl.rows.find((r) => r.kind !== 'email')).toMatchObject({ kind: 'edit', action: 'customer.pause', changes: { standing: { from: 'single_missed', to: 'paused' } } });
    const rename = tl.rows.find((r) => r.kind === 'edit' && r.action === 'customer.update');
    expect(rename).toMatchObject({ changes: { name: { from: 'Timeline Ltd', to: 'Timeline plc' } }, actor_id: user.userId });
    expect(tl.rows.find((r) => r.kind === 'payment')).toMatchObject({ amount: 300, currency: 'GBP', invoice_number: inv.number });
    expect(tl.rows.find((r) => r.kind === 'invoice')).toMatchObject({ number: inv.number, amount_due: 800, status: 'open' });
    // The starter workflow planned a reminder when the invoice fell overdue; the pause superseded it.
    expect(tl.rows.find((r) => r.kind === 'email')).toMatchObject({ direction: 'outbox', status: 'superseded', status_reason: 'paused' });

    const page = (await api<TimelineResponse>('GET', `/api/customers/${c.id}/timeline?limit=2&offset=1`)).body;
    expect(page.total).toBe(tl.total);
    expect(page.rows.map((r) => r.id)).toEqual(tl.rows.slice(1, 3).map((r) => r.id));
    const past = (await api<TimelineResponse>('GET', `/api/customers/${c.id}/timeline?offset=1000`)).body;
    expect(past).toEqual({ rows: [], total: tl.total });
  });

  it('orders by when things happened, not when they were recorded', async () => {
    const c = await newCustomer('History Ltd');
    // Recorded in this order: an invoice issued 90 days ago, a payment from 30 days ago, a rename now.
    const inv = await newInvoice(c.id, { amount_due: 5_000, issued_on: isoDay(-90), due_date: isoDay(-60) });
    const paidAt = `${isoDay(-30)}T12:00:00.000Z`;
    await api('POST', '/api/payments/', { customer_id: c.id, invoice_id: inv.id, amount: 1_000, currency: 'GBP', paid_at: paidAt });
    await newInvoice(c.id, { amount_due: 700, issued_on: isoDay(-45), due_date: isoDay(-15) });
    await api('PUT', `/api/customers/${c.id}/`, { name: 'History plc' });

    const tl = timelineResponseSchema.parse((await api<TimelineResponse>('GET', `/api/customers/${c.id}/timeline`)).body);
    const money = tl.rows.filter((r) => r.kind === 'invoice' || r.kind === 'payment');
    expect(money.map((r) => [r.kind, r.at])).toEqual([
      ['payment', paidAt],
      ['invoice', `${isoDay(-45)}T00:00:00.000Z`],
      ['invoice', `${isoDay(-90)}T00:00:00.000Z`],
    ]);
    expect(money[2]).toMatchObject({ number: inv.number, issued_on: isoDay(-90) });
    // Today's rename and the system's moves sit above all of it; the oldest invoice is the start.
    expect(tl.rows[0]).toMatchObject({ kind: 'edit', action: 'customer.update' });
    expect(tl.rows.at(-1)).toMatchObject({ kind: 'invoice', number: inv.number });
    const ats = tl.rows.map((r) => r.at);
    expect([...ats].sort().reverse()).toEqual(ats);
  });

  it('names the person behind each edit, and no one for the system’s', async () => {
    const c = await newCustomer('Actor Ltd');
    await api('PUT', `/api/customers/${c.id}/`, { name: 'Actor plc' });
    // An edit with no actor, as a system job writes one.
    await withOrg(env.db.db, user.orgId, (tx) =>
      tx.execute(sql`
        insert into audit_log (org_id, actor_id, action, entity, entity_id, customer_id, before, after)
        values (${user.orgId}, null, 'customer.update', 'customer', ${c.id}, ${c.id}, '{"name":"Actor plc"}', '{"name":"Actor Group"}')`),
    );
    const tl = timelineResponseSchema.parse((await api<TimelineResponse>('GET', `/api/customers/${c.id}/timeline`)).body);
    const edits = tl.rows.filter((r) => r.kind === 'edit');
    expect(edits.map((r) => [r.action, r.actor_id, r.actor_name])).toEqual([
      ['customer.update', null, null],
      ['customer.update', user.userId, await userName(user.userId)],
      ['customer.create', user.userId, await userName(user.userId)],
    ]);
  });
});
