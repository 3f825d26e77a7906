import { type Customer, type CustomerDetail, customerDetailSchema, type ErrorBody, type TagListResponse, tagListResponseSchema } from '@receivables/contracts';
import { beforeAll, describe, expect, it } from 'vitest';

import { useIntegrationEnv } from './integration-env';
import { type ApiClient, expectError, isoDay, insertCustomer, insertInvoice, refreshCustomerFigures, type SignedUpUser } from './support';

const env = useIntegrationEnv();
let user: SignedUpUser;
let api: ApiClient;
let otherOrgCustomerId: string;

beforeAll(async () => {
  user = await env.signUp();
  api = user.api;
  const other = await env.signUp();
  otherOrgCustomerId = (await insertCustomer(env.db.db, other.orgId, { name: 'Not yours' })).id;
});

async function create(body: Record<string, unknown>): Promise<CustomerDetail> {
  const res = await api<CustomerDetail>('POST', '/api/customers/', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return customerDetailSchema.parse(res.body);
}

describe('POST /api/customers/', () => {
  it('creates a customer with its primary contact, upper-casing the currency', async () => {
    const c = await create({ name: '  Acme Ltd ', currency: 'gbp', external_ref: 'crm:1', contact: { email: 'ap@acme.example', name: 'Ann' } });
    expect(c).toMatchObject({ name: 'Acme Ltd', currency: 'GBP', external_ref: 'crm:1', standing: 'in_good_standing', escalation_contact: null, tags: [] });
    expect(c.contact).toMatchObject({ email: 'ap@acme.example', name: 'Ann', phone: null, role: 'primary' });
    expect((await api('GET', `/api/customers/${c.id}`)).body).toEqual(c);
  });

  it('answers 409 for a duplicate external_ref', async () => {
    await create({ name: 'First', currency: 'EUR', external_ref: 'crm:dup' });
    expectError(await api('POST', '/api/customers/', { name: 'Second', currency: 'EUR', external_ref: 'crm:dup' }), 409, 'CONFLICT', 'external_ref');
  });

  it.each([
    [{ name: 'X', currency: 'pounds' }, 'currency'],
    [{ name: '', currency: 'GBP' }, 'name'],
    [{ name: 'X', currency: 'GBP', contact: { email: 'not-an-email' } }, 'contact.email'],
    [{ currency: 'GBP' }, 'name'],
  ])('answers 400 with the field for %j', async (body, field) => {
    expectError(await api('POST', '/api/customers/', body), 400, 'VALIDATION_FAILED', field);
  });

  it('answers 413 as JSON for a body over 1 MB', async () => {
    const res = await api('POST', '/api/customers/', { name: 'x'.repeat(1_100_000), currency: 'GBP' });
    expectError(res, 413, 'PAYLOAD_TOO_LARGE');
  });
});

describe('PUT /api/customers/{id}/', () => {
  it('changes name, currency and workflow and audits it', async () => {
    const c = await create({ name: 'Before', currency: 'GBP' });
    const workflowId = (await api<{ id: string }>('POST', '/api/workflows/', { name: `Workflow ${crypto.randomUUID()}` })).body.id;
    const res = await api<Customer>('PUT', `/api/customers/${c.id}/`, { name: 'After', currency: 'usd', workflow_id: workflowId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'After', currency: 'USD', workflow_id: workflowId });
    expect((await api<Customer>('PUT', `/api/customers/${c.id}/`, { workflow_id: null })).body.workflow_id).toBeNull();
  });

  it('refuses an empty change and a currency other than its open invoices’', async () => {
    const c = await create({ name: 'Invoiced', currency: 'GBP' });
    expectError(await api('PUT', `/api/customers/${c.id}/`, {}), 400, 'VALIDATION_FAILED');
    await insertInvoice(env.db.db, user.orgId, c.id, { amountDue: 100, dueDate: isoDay(10), currency: 'GBP' });
    const res = await api<ErrorBody>('PUT', `/api/customers/${c.id}/`, { currency: 'EUR' });
    expectError(res, 422, 'DOMAIN_RULE', 'currency');
    expect(res.body.error.message).toMatch(/open invoices in GBP/);
  });
});

describe('POST /api/customers/{id}/contact', () => {
  it('creates then replaces the primary and the escalation contact', async () => {
    const c = await create({ name: 'Contacts', currency: 'GBP' });
    let res = await api<Customer>('POST', `/api/customers/${c.id}/contact`, { role: 'primary', email: 'one@x.example' });
    expect(res.body.contact).toMatchObject({ email: 'one@x.example', role: 'primary' });
    res = await api<Customer>('POST', `/api/customers/${c.id}/contact`, { role: 'primary', email: 'two@x.example', phone: '+44 20 1234' });
    expect(res.body.contact).toMatchObject({ email: 'two@x.example', phone: '+44 20 1234' });
    res = await api<Customer>('POST', `/api/customers/${c.id}/contact`, { role: 'escalation', email: 'fd@x.example', name: 'Finance Director' });
    expect(res.status).toBe(200);
    expect(res.body.escalation_contact).toMatchObject({ email: 'fd@x.example', name: 'Finance Director', role: 'escalation' });
    expect(res.body.contact?.email).toBe('two@x.example');
    // The list carries the escalation contact too.
    const list = await api<{ rows: Customer[] }>('GET', '/api/customers/?q=Contacts');
    expect(list.body.rows[0]?.escalation_contact?.email).toBe('fd@x.example');
  });

  it('answers 400 for a bad email or role', async () => {
    const c = await create({ name: 'Bad contact', currency: 'GBP' });
    expectError(await api('POST', `/api/customers/${c.id}/contact`, { role: 'primary', email: 'nope' }), 400, 'VALIDATION_FAILED', 'email');
    expectError(await api('POST', `/api/customers/${c.id}/contact`, { role: 'boss', email: 'a@b.example' }), 400, 'VALIDATION_FAILED', 'role');
  });
});

describe('tags', () => {
  it('creates tags, refuses a duplicate name ignoring case, lists them by name', async () => {
    const res = await api('POST', '/api/tags', { name: ' Key account ', colour: '#00897B' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Key account', colour: '#00897b' });
    expectError(await api('POST', '/api/tags', { name: 'KEY ACCOUNT' }), 409, 'CONFLICT', 'name');
    expectError(await api('POST', '/api/tags', { name: 'x'.repeat(51) }), 400, 'VALIDATION_FAILED', 'name');
    expectError(await api('POST', '/api/tags', { name: 'ok', colour: 'teal' }), 400, 'VALIDATION_FAILED', 'colour');
    const list = tagListResponseSchema.parse((await api<TagListResponse>('GET', '/api/tags')).body);
    expect(list.rows.map((t) => t.name)).toContain('Key account');
  });

  it('replaces a customer’s tags, creating new names inline and matching existing ones ignoring case', async () => {
    const c = await create({ name: 'Tagged', currency: 'GBP' });
    const existing = (await api<{ id: string }>('POST', '/api/tags', { name: 'Disputed' })).body;
    let res = await api<Customer>('PUT', `/api/customers/${c.id}/tags`, { tags: [{ id: existing.id }, { name: 'Brand new', colour: '#123456' }, { name: 'disputed' }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.tags.map((t) => t.name)).toEqual(['Brand new', 'Disputed']);
    expect(res.body.tags[0]?.colour).toBe('#123456');
    res = await api<Customer>('PUT', `/api/customers/${c.id}/tags`, { tags: [{ name: 'BRAND NEW' }] });
    expect(res.body.tags.map((t) => t.name)).toEqual(['Brand new']);
    const names = (await api<TagListResponse>('GET', '/api/tags')).body.rows.map((t) => t.name.toLowerCase());
    expect(names.filter((n) => n === 'brand new')).toHaveLength(1);
    res = await api<Customer>('PUT', `/api/customers/${c.id}/tags`, { tags: [] });
    expect(res.body.tags).toEqual([]);
  });

  it('answers 404 for an unknown tag id and 400 for a malformed one', async () => {
    const c = await create({ name: 'Tag errors', currency: 'GBP' });
    expectError(await api('PUT', `/api/customers/${c.id}/tags`, { tags: [{ name: 'ok' }, { id: crypto.randomUUID() }] }), 404, 'NOT_FOUND', 'tags[1].id');
    expectError(await api('PUT', `/api/customers/${c.id}/tags`, { tags: [{ id: 'nope' }] }), 400, 'VALIDATION_FAILED');
    // Nothing was half-written: the inline "ok" tag was rolled back.
    expect((await api<TagListResponse>('GET', '/api/tags')).body.rows.map((t) => t.name)).not.toContain('ok');
  });
});

describe('pause and resume', () => {
  it('pauses until a future date, then resumes with the standing recomputed', async () => {
    const c = await create({ name: 'Pausable', currency: 'GBP' });
    await insertInvoice(env.db.db, user.orgId, c.id, { amountDue: 5_000, dueDate: isoDay(-10) });
    await refreshCustomerFigures(env.db.db, user.orgId, { customerIds: [c.id] });
    const until = isoDay(30);
    let res = await api<Customer>('POST', `/api/customers/${c.id}/pause`, { until });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ standing: 'paused', paused_until: until, amount_overdue: 5_000 });
    // The daily pass keeps a paused customer paused.
    await refreshCustomerFigures(env.db.db, user.orgId, { customerIds: [c.id] });
    expect((await api<Customer>('GET', `/api/customers/${c.id}`)).body.standing).toBe('paused');

    res = await api<Customer>('POST', `/api/customers/${c.id}/resume`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ standing: 'single_missed', paused_until: null, amount_overdue: 5_000, n_invoices: 1 });

    res = await api<Customer>('POST', `/api/customers/${c.id}/pause`, { until: null });
    expect(res.body).toMatchObject({ standing: 'paused', paused_until: null });
    expect((await api<Customer>('POST', `/api/customers/${c.id}/resume`)).body.standing).toBe('single_missed');
  });

  it.each([[isoDay(0)], [isoDay(-3)], ['2100-01-01'], ['2024-13-01'], ['tomorrow']])('refuses until = %s with 400', async (until) => {
    const c = await create({ name: 'Bad pause', currency: 'GBP' });
    expectError(await api('POST', `/api/customers/${c.id}/pause`, { until }), 400, 'VALIDATION_FAILED', 'until');
  });
});

describe('bad ids', () => {
  const routes: [string, string, unknown][] = [
    ['GET', '/api/customers/{id}/', undefined],
    ['PUT', '/api/customers/{id}/', { name: 'x' }],
    ['POST', '/api/customers/{id}/contact', { role: 'primary', email: 'a@b.example' }],
    ['PUT', '/api/customers/{id}/tags', { tags: [] }],
    ['POST', '/api/customers/{id}/pause', { until: null }],
    ['POST', '/api/customers/{id}/resume', undefined],
    ['GET', '/api/customers/{id}/payments/', undefined],
    ['GET', '/api/customers/{id}/timeline', undefined],
  ];

  it.each(routes)('%s %s: another organisation’s or an unknown customer is a 404', async (method, path, body) => {
    for (const id of [otherOrgCustomerId, crypto.randomUUID()]) {
      expectError(await api(method, path.replace('{id}', id), body), 404, 'NOT_FOUND');
    }
  });

  it.each(routes)('%s %s: a malformed id is a 400 naming the field', async (method, path, body) => {
    expectError(await api(method, path.replace('{id}', 'not-a-uuid'), body), 400, 'VALIDATION_FAILED', 'id');
  });
});
