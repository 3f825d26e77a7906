import { type CustomerBulkJob, type CustomerFilter, type CustomerListResponse, serializeCustomerFilters } from '@receivables/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';

import { AppError } from '../src/errors/app-error';
import { startCustomerBulkJob } from '../src/modules/customers/start-customer-bulk-job';

import {
  type ApiClient,
  createTestDatabase,
  expectError,
  insertContact,
  insertCustomer,
  insertCustomers,
  type SignedUpUser,
  signUpWithOrg,
  startTestServer,
  startTestWorker,
  type TestDatabase,
  type TestServer,
  type TestWorker,
  withOrg,
} from './support';

// As `npm start` runs it: one pg-boss, the API sending through it and the worker taking from it
// (decision 0008: an action over every match is a background job).
let tdb: TestDatabase;
let worker: TestWorker;
let server: TestServer;
beforeAll(async () => {
  tdb = await createTestDatabase(inject('adminDatabaseUrl'));
  worker = await startTestWorker({ db: tdb.db, url: tdb.url });
  server = await startTestServer(tdb.db, {}, worker.jobs);
});
afterAll(async () => {
  await server.close();
  await worker.stop();
  await tdb.drop();
});
const env = {
  get db() {
    return tdb;
  },
  signUp: () => signUpWithOrg(server),
};

/** Amounts over £1,000 (in pence) match `OVER_1000`; the rest do not. */
const OVER_1000_FILTERS: CustomerFilter[] = [{ field: 'amount_overdue', operator: 'gt', value: 100_000, currency: 'GBP' }];
const OVER_1000 = serializeCustomerFilters(OVER_1000_FILTERS);
const addTag = (name: string) => ({ type: 'add_tag', tag: { name } }) as const;

/** Act on every match: accepted (202), then read until the worker has finished it. */
async function bulkToEnd(api: ApiClient, body: unknown, headers: Record<string, string> = {}): Promise<CustomerBulkJob> {
  const accepted = await api<CustomerBulkJob>('POST', '/api/customers/bulk', body, headers);
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
  const read = async () => (await api<CustomerBulkJob>('GET', `/api/customers/bulk/${accepted.body.id}`)).body;
  await expect.poll(async () => (await read()).status, { timeout: 20_000, interval: 100 }).not.toBe('running');
  return read();
}

/** `matching` customers owing £1,500 and `others` owing £500, in one statement; their ids. */
async function seed(orgId: string, matching: number, others: number): Promise<{ matchIds: string[]; otherIds: string[] }> {
  const rows = await insertCustomers(env.db.db, orgId, [
    ...Array.from({ length: matching }, (_, i) => ({ name: `Match ${i}`, amountOverdue: 150_000 })),
    ...Array.from({ length: others }, (_, i) => ({ name: `Other ${i}`, amountOverdue: 50_000 })),
  ]);
  const ids = rows.map((r) => r.id);
  return { matchIds: ids.slice(0, matching).sort(), otherIds: ids.slice(matching).sort() };
}

/** The ids of the organisation's customers carrying a tag of this name, in id order. */
async function taggedIds(orgId: string, tagName: string): Promise<string[]> {
  const result = await withOrg(env.db.db, orgId, (tx) =>
    tx.execute(sql`
      select ct.customer_id from customer_tag ct join tag t on t.id = ct.tag_id
      where ct.org_id = ${orgId} and t.name = ${tagName} order by ct.customer_id`),
  );
  return (result.rows as { customer_id: string }[]).map((r) => r.customer_id);
}

async function auditCount(orgId: string, action: string): Promise<number> {
  const result = await withOrg(env.db.db, orgId, (tx) =>
    tx.execute(sql`select count(*)::integer as n from audit_log where org_id = ${orgId} and action = ${action}`),
  );
  return (result.rows[0] as { n: number }).n;
}

describe('POST /api/customers/bulk with matching: a job the worker runs', () => {
  let org: SignedUpUser;
  let rival: SignedUpUser;
  let rivalIds: string[];

  beforeAll(async () => {
    org = await env.signUp();
    rival = await env.signUp();
    // Another organisation's customers match the same filter and must never be touched.
    rivalIds = (await seed(rival.orgId, 5, 0)).matchIds;
  });

  it('tags every customer the filter matches, well past one page, and nothing else', async () => {
    const { matchIds, otherIds } = await seed(org.orgId, 70, 50);
    const tag = `Over 1000 ${crypto.randomUUID().slice(0, 6)}`;
    const job = await bulkToEnd(org.api, { matching: { filter_str: OVER_1000 }, action: addTag(tag) });
    expect(job).toMatchObject({ status: 'succeeded', total: 70, processed: 70, updated: 70, error: null });
    expect(await taggedIds(org.orgId, tag)).toEqual(matchIds);
    expect(matchIds.some((id) => otherIds.includes(id))).toBe(false);
    expect(await taggedIds(rival.orgId, tag)).toEqual([]);
    expect(await auditCount(org.orgId, 'customer.tags')).toBe(70);

    // The list, asked for the tag, sees the same 70 across its pages. (Not the amount filter too: the
    // worker's figures refresh at start may recompute the seeded amounts from their invoices meanwhile.)
    const tagged = serializeCustomerFilters([{ field: 'tag_id', operator: 'eq', value: await tagIdOf(org, tag) }]);
    const list = await org.api<CustomerListResponse>('GET', `/api/customers/?limit=25&filter_str=${encodeURIComponent(tagged)}`);
    expect(list.body.total).toBe(70);
  });

  it('matches on search through the primary contact, as the list does, and pauses just those', async () => {
    const user = await env.signUp();
    const { api } = user;
    const needle = `needle-${crypto.randomUUID().slice(0, 6)}.example`;
    const ids: string[] = [];
    for (const email of [`ap@${needle}`, `AR@${needle.toUpperCase()}`, 'someone@else.example']) {
      const c = await insertCustomer(env.db.db, user.orgId, { name: `Customer ${email}` });
      await insertContact(env.db.db, user.orgId, c.id, { email, role: 'primary' });
      ids.push(c.id);
    }
    await insertCustomer(env.db.db, user.orgId, { name: 'No contact' });
    const job = await bulkToEnd(api, { matching: { q: needle }, action: { type: 'pause', until: null } });
    expect(job).toMatchObject({ status: 'succeeded', total: 2, updated: 2 });
    const paused = await withOrg(env.db.db, user.orgId, (tx) => tx.execute(sql`select id from customer where standing = 'paused' order by id`));
    expect((paused.rows as { id: string }[]).map((r) => r.id)).toEqual(ids.slice(0, 2).sort());
  });

  it('acts on every customer of the organisation, and only of it, when matching is empty', async () => {
    const user = await env.signUp();
    const { api } = user;
    const { matchIds, otherIds } = await seed(user.orgId, 3, 2);
    const tag = `All ${crypto.randomUUID().slice(0, 6)}`;
    const job = await bulkToEnd(api, { matching: {}, action: addTag(tag) });
    expect(job).toMatchObject({ status: 'succeeded', total: 5, updated: 5 });
    expect(await taggedIds(user.orgId, tag)).toEqual([...matchIds, ...otherIds].sort());
    expect(await taggedIds(rival.orgId, tag)).toEqual([]);
    expect(rivalIds).toHaveLength(5);
  });

  it('answers a job already done, with nothing changed, when nothing matches', async () => {
    const none = JSON.stringify([{ field: 'name', operator: 'eq', value: `nobody ${crypto.randomUUID()}` }]);
    const res = await org.api<CustomerBulkJob>('POST', '/api/customers/bulk', { matching: { filter_str: none }, action: { type: 'resume' } });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: 'succeeded', total: 0, processed: 0, updated: 0 });
  });

  it.each([
    ['an unknown filter field', { matching: { filter_str: '[{"field":"colour","operator":"eq","value":1}]' }, action: { type: 'resume' } }, 'matching.filter_str[0].field'],
    ['a filter that is not JSON', { matching: { filter_str: 'nope' }, action: { type: 'resume' } }, 'matching.filter_str'],
    ['a filter value of the wrong type', { matching: { filter_str: '[{"field":"n_invoices","operator":"gt","value":"two"}]' }, action: { type: 'resume' } }, 'matching.filter_str[0].value'],
    ['an amount without its currency', { matching: { filter_str: '[{"field":"amount_overdue","operator":"gt","value":1}]' }, action: { type: 'resume' } }, 'matching.filter_str[0].currency'],
    ['a misspelt key in matching', { matching: { filters: OVER_1000 }, action: { type: 'resume' } }, 'matching.filters'],
    ['both customer_ids and matching', { customer_ids: [crypto.randomUUID()], matching: {}, action: { type: 'resume' } }, 'matching'],
    ['neither customer_ids nor matching', { action: { type: 'resume' } }, 'customer_ids'],
  ])('answers 400 for %s, naming the field', async (_, body, field) => {
    expectError(await org.api('POST', '/api/customers/bulk', body), 400, 'VALIDATION_FAILED', field);
  });

  it('replays a retry with the same Idempotency-Key, even when more customers match by then: one job, run once', async () => {
    const user = await env.signUp();
    const { api } = user;
    const { matchIds } = await seed(user.orgId, 4, 1);
    const body = { matching: { filter_str: OVER_1000 }, action: addTag(`Once ${crypto.randomUUID().slice(0, 6)}`) };
    const key = { 'idempotency-key': crypto.randomUUID() };
    const first = await bulkToEnd(api, body, key);
    expect(first).toMatchObject({ status: 'succeeded', updated: 4 });
    const late = await seed(user.orgId, 1, 0);
    const again = await api<CustomerBulkJob>('POST', '/api/customers/bulk', body, key);
    expect(again.status).toBe(202);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    // The answer first given (the job as accepted); the job itself reads as done.
    expect(again.body).toMatchObject({ id: first.id, status: 'running', total: 4 });
    expect(await taggedIds(user.orgId, body.action.tag.name)).toEqual(matchIds);
    expect(late.matchIds.every((id) => !matchIds.includes(id))).toBe(true);
    expect(await auditCount(user.orgId, 'customer.tags')).toBe(4);
    expectError(await api('POST', '/api/customers/bulk', { ...body, matching: {} }, key), 422, 'IDEMPOTENCY_KEY_REUSED');
  });

  it('runs one organisation’s jobs in the order accepted: pause every match, then resume them, ends resumed', async () => {
    const user = await env.signUp();
    await seed(user.orgId, 30, 0);
    const pause = await user.api<CustomerBulkJob>('POST', '/api/customers/bulk', { matching: {}, action: { type: 'pause', until: null } });
    const resumed = await bulkToEnd(user.api, { matching: {}, action: { type: 'resume' } });
    expect(resumed).toMatchObject({ status: 'succeeded', total: 30, updated: 30 });
    expect((await user.api<CustomerBulkJob>('GET', `/api/customers/bulk/${pause.body.id}`)).body).toMatchObject({ status: 'succeeded', updated: 30 });
    const paused = await withOrg(env.db.db, user.orgId, (tx) => tx.execute(sql`select count(*)::integer as n from customer where standing = 'paused'`));
    expect((paused.rows[0] as { n: number }).n).toBe(0);
    const queued = await env.db.db.execute<{ singleton_key: string }>(sql`select distinct singleton_key from pgboss.job where name = 'customers.bulk' and data->>'orgId' = ${user.orgId}`);
    // One queue key per organisation, as imports: its actions run one at a time, others' beside them.
    expect(queued.rows).toEqual([{ singleton_key: user.orgId }]);
  });

  it('refuses with DOMAIN_RULE (422) naming matching, and keeps nothing, when more customers match than the cap', async () => {
    const user = await env.signUp();
    await seed(user.orgId, 6, 0);
    const tag = `Capped ${crypto.randomUUID().slice(0, 6)}`;
    const attempt = startCustomerBulkJob(
      { db: env.db.db, orgId: user.orgId, actorId: null, matchingMax: 5 },
      { matching: { filter_str: OVER_1000_FILTERS }, action: addTag(tag) },
    );
    const error: unknown = await attempt.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('DOMAIN_RULE');
    expect((error as AppError).message).toMatch(/^More than 5 customers match/);
    expect(await taggedIds(user.orgId, tag)).toEqual([]);
  });
});

async function tagIdOf(org: SignedUpUser, name: string): Promise<string> {
  const tags = await org.api<{ rows: { id: string; name: string }[] }>('GET', '/api/tags');
  const found = tags.body.rows.find((t) => t.name === name);
  if (!found) throw new Error(`no tag ${name}`);
  return found.id;
}
