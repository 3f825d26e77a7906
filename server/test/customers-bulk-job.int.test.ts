import type { CustomerBulkJob, CustomerBulkResult, Invoice } from '@receivables/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { AppError } from '../src/errors/app-error';
import { customerBulkQueue } from '../src/jobs/customer-bulk.job';
import { resumeUnfinishedBulkJobs } from '../src/modules/customers/resume-unfinished-bulk-jobs';
import { runNextBulkBatch } from '../src/modules/customers/run-customer-bulk-job';
import { runOrganisationBulkJobs } from '../src/modules/customers/run-organisation-bulk-jobs';
import { startCustomerBulkJob } from '../src/modules/customers/start-customer-bulk-job';

import { useIntegrationEnv } from './integration-env';
import { readEvents } from './scheduling-helpers';
import {
  type ApiClient,
  expectError,
  insertContact,
  insertCustomers,
  insertTag,
  isoDay,
  type RecordingJobQueue,
  recordingJobQueue,
  type SignedUpUser,
  withOrg,
} from './support';

// The API sends to a recording queue: each test runs the job's batches itself, so it can stop between them.
// Each test signs up an organisation of its own: more sign-ups than the limiter's default allows.
const env = useIntegrationEnv();
const log = { error: () => undefined };
const EVERYONE = { matching: {} };
const EUROS = JSON.stringify([{ field: 'currency', operator: 'eq', value: 'EUR' }]);

/** `n` customers in euros, and `others` in pounds, of a new organisation; the euro ones' ids in id order. */
async function organisationWith(n: number, others = 0): Promise<{ user: SignedUpUser; ids: string[]; otherIds: string[] }> {
  const user = await env.signUp();
  const rows = await insertCustomers(env.db.db, user.orgId, [
    ...Array.from({ length: n }, (_, i) => ({ name: `Euro ${i}`, currency: 'EUR' })),
    ...Array.from({ length: others }, (_, i) => ({ name: `Pound ${i}`, currency: 'GBP' })),
  ]);
  const ids = rows.map((r) => r.id);
  return { user, ids: ids.slice(0, n).sort(), otherIds: ids.slice(n).sort() };
}

async function start(api: ApiClient, body: object, headers: Record<string, string> = {}): Promise<CustomerBulkJob> {
  const res = await api<CustomerBulkJob>('POST', '/api/customers/bulk', body, headers);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  expect(res.headers.get('location')).toBe(`/api/customers/bulk/${res.body.id}`);
  return res.body;
}

const read = async (api: ApiClient, id: string): Promise<CustomerBulkJob> => (await api<CustomerBulkJob>('GET', `/api/customers/bulk/${id}`)).body;

async function count(orgId: string, query: ReturnType<typeof sql>): Promise<number> {
  const result = await withOrg(env.db.db, orgId, (tx) => tx.execute<{ n: number }>(query));
  return result.rows[0]?.n ?? 0;
}

const audits = (user: SignedUpUser, action: string) =>
  count(user.orgId, sql`select count(*)::int as n from audit_log where org_id = ${user.orgId} and action = ${action} and actor_id = ${user.userId}`);
const paused = (orgId: string) => count(orgId, sql`select count(*)::int as n from customer where org_id = ${orgId} and standing = 'paused'`);
/** How many customer ids the job still keeps (none once it has ended). */
const keptIds = (orgId: string, jobId: string) =>
  count(orgId, sql`select coalesce(cardinality(customer_ids), 0) as n from customer_bulk_job where org_id = ${orgId} and id = ${jobId}`);

/** Hold a lock on one customer in a transaction of its own until `release` is called, as a long edit would. */
async function holdCustomer(id: string): Promise<{ release: () => Promise<void> }> {
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked = (): void => undefined;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const done = env.db.db.transaction(async (tx) => {
    await tx.execute(sql`select id from customer where id = ${id} for update`);
    locked();
    await released;
  });
  await isLocked;
  return {
    release: async () => {
      release();
      await done;
    },
  };
}

describe('POST /api/customers/bulk over every match: a background job', () => {
  it('answers 202 with the job, sends it for the organisation, then runs batch by batch, reporting progress and the result', async () => {
    const { user, ids, otherIds } = await organisationWith(25, 4);
    // Two were paused already: they count as processed, not updated, and get no audit entry.
    await withOrg(env.db.db, user.orgId, (tx) =>
      tx.execute(sql`update customer set standing = 'paused', paused_until = null where id in (${ids[3]}::uuid, ${ids[20]}::uuid)`));
    const queue = env.server.jobs as RecordingJobQueue;
    const sentBefore = queue.sent.length;

    const accepted = await start(user.api, { matching: { filter_str: EUROS }, action: { type: 'pause', until: null } });
    expect(accepted).toMatchObject({ status: 'running', action: { type: 'pause', until: null }, total: 25, processed: 0, updated: 0, error: null, finished_at: null });
    expect(queue.sent.slice(sentBefore)).toEqual([{ name: 'customers.bulk', data: { orgId: user.orgId }, options: { singletonKey: user.orgId } }]);
    expect(await paused(user.orgId)).toBe(2);
    expect(await keptIds(user.orgId, accepted.id)).toBe(25);

    // The 15th customer is held by someone else: the job does its first batch, then waits on it.
    const held = await holdCustomer(ids[14] ?? '');
    const running = runOrganisationBulkJobs({ db: env.db.db, log, batchSize: 10 }, user.orgId);
    await expect.poll(async () => (await read(user.api, accepted.id)).processed, { timeout: 10_000, interval: 50 }).toBe(10);
    expect(await read(user.api, accepted.id)).toMatchObject({ status: 'running', total: 25, processed: 10, updated: 9, finished_at: null });
    expect(await paused(user.orgId)).toBe(11);
    await held.release();
    expect(await running).toBe(1);

    const done = await read(user.api, accepted.id);
    expect(done).toMatchObject({ status: 'succeeded', total: 25, processed: 25, updated: 23, error: null });
    expect(Date.parse(done.finished_at ?? '')).toBeGreaterThanOrEqual(Date.parse(done.created_at));
    expect(await paused(user.orgId)).toBe(25);
    // The same entries the single-customer pause writes, by the person who asked, once per customer that changed.
    expect(await audits(user, 'customer.pause')).toBe(23);
    const others = await count(user.orgId, sql`select count(*)::int as n from customer where id in (${sql.join(otherIds.map((id) => sql`${id}::uuid`), sql`, `)}) and standing = 'paused'`);
    expect(others).toBe(0);
    // The ids it acted on go with the job's end.
    expect(await keptIds(user.orgId, accepted.id)).toBe(0);
  });

  it('reconciles the chasing of the customers it pauses, as the single pause does', async () => {
    const user = await env.signUp();
    const [owes] = await insertCustomers(env.db.db, user.orgId, [{ name: 'Owes money' }]);
    await insertContact(env.db.db, user.orgId, owes?.id ?? '', { role: 'primary', email: 'ap@owes.example' });
    const invoice = await user.api<Invoice>('POST', '/api/invoices/', {
      customer_id: owes?.id, number: 'INV-1', currency: 'GBP', amount_due: 120_000, issued_on: isoDay(-40), due_date: isoDay(-3),
    });
    expect(invoice.status).toBe(201);
    const planned = (await readEvents(env.db.db, user.orgId, owes?.id)).filter((e) => e.status === 'pending');
    expect(planned.length).toBeGreaterThan(0);

    const job = await start(user.api, { ...EVERYONE, action: { type: 'pause', until: null } });
    await runOrganisationBulkJobs({ db: env.db.db, log }, user.orgId);
    expect(await read(user.api, job.id)).toMatchObject({ status: 'succeeded', processed: 1, updated: 1 });
    const after = await readEvents(env.db.db, user.orgId, owes?.id);
    expect(after.filter((e) => planned.some((p) => p.id === e.id)).map((e) => [e.status, e.reason])).toEqual(planned.map(() => ['superseded', 'paused']));
  });

  it('acts on the customers that matched when it was accepted: later matches are left alone, deleted ones skipped', async () => {
    const { user, ids } = await organisationWith(12);
    const job = await start(user.api, { matching: { filter_str: EUROS }, action: { type: 'add_tag', tag: { name: 'Snapshot' } } });
    expect(job.action).toEqual({ type: 'add_tag', tag: { id: expect.any(String) as string } });
    const [late] = await insertCustomers(env.db.db, user.orgId, [{ name: 'Late euro', currency: 'EUR' }]);
    await withOrg(env.db.db, user.orgId, (tx) => tx.execute(sql`delete from customer where id = ${ids[0]}::uuid`));

    await runOrganisationBulkJobs({ db: env.db.db, log, batchSize: 5 }, user.orgId);
    expect(await read(user.api, job.id)).toMatchObject({ status: 'succeeded', total: 12, processed: 12, updated: 11 });
    const tagged = await withOrg(env.db.db, user.orgId, (tx) =>
      tx.execute<{ customer_id: string }>(sql`select ct.customer_id from customer_tag ct join tag t on t.id = ct.tag_id where t.name = 'Snapshot' order by 1`));
    expect(tagged.rows.map((r) => r.customer_id)).toEqual(ids.slice(1));
    expect(tagged.rows.map((r) => r.customer_id)).not.toContain(late?.id);
  });

  it('resumes after a worker stopped between batches, applying each customer once', async () => {
    const { user } = await organisationWith(25);
    const job = await start(user.api, { ...EVERYONE, action: { type: 'pause', until: isoDay(30) } });
    // The first batch commits; then the worker "dies" before the next.
    expect(await runNextBulkBatch(env.db.db, { orgId: user.orgId, jobId: job.id }, 10)).toBe(true);
    expect(await read(user.api, job.id)).toMatchObject({ status: 'running', processed: 10, updated: 10 });

    // A worker starting asks again for the organisation's unfinished jobs…
    const queue = recordingJobQueue();
    expect(await resumeUnfinishedBulkJobs({ db: env.db.db, bulk: customerBulkQueue(queue) })).toBeGreaterThanOrEqual(1);
    expect(queue.sent).toContainEqual({ name: 'customers.bulk', data: { orgId: user.orgId }, options: { singletonKey: user.orgId } });
    // …and two runs of it at once (pg-boss retrying one it thought lost) still apply each batch once.
    await Promise.all([
      runOrganisationBulkJobs({ db: env.db.db, log, batchSize: 10 }, user.orgId),
      runOrganisationBulkJobs({ db: env.db.db, log, batchSize: 10 }, user.orgId),
    ]);
    expect(await read(user.api, job.id)).toMatchObject({ status: 'succeeded', total: 25, processed: 25, updated: 25 });
    expect(await audits(user, 'customer.pause')).toBe(25);
    expect(await paused(user.orgId)).toBe(25);
  });

  it('fails clearly when its tag is deleted part-way, keeping the batches done', async () => {
    const { user } = await organisationWith(25);
    const tag = await insertTag(env.db.db, user.orgId, { name: 'Doomed' });
    const job = await start(user.api, { ...EVERYONE, action: { type: 'add_tag', tag: { id: tag.id } } });
    await runNextBulkBatch(env.db.db, { orgId: user.orgId, jobId: job.id }, 10);
    await withOrg(env.db.db, user.orgId, (tx) => tx.execute(sql`delete from tag where id = ${tag.id}::uuid`));

    await runOrganisationBulkJobs({ db: env.db.db, log, batchSize: 10 }, user.orgId);
    const failed = await read(user.api, job.id);
    expect(failed).toMatchObject({
      status: 'failed',
      processed: 10,
      updated: 10,
      error: 'Stopped after 10 of 25 customers: Tag not found, deleted while the action ran.',
    });
    expect(failed.finished_at).not.toBeNull();
    expect(await audits(user, 'customer.tags')).toBe(10);
    expect(await keptIds(user.orgId, job.id)).toBe(0);
    // Failed is final: running again changes nothing.
    await runOrganisationBulkJobs({ db: env.db.db, log }, user.orgId);
    expect((await read(user.api, job.id)).status).toBe('failed');
  });

  it('replays a retry with the same Idempotency-Key: one job, the same answer', async () => {
    const { user } = await organisationWith(3);
    const body = { ...EVERYONE, action: { type: 'resume' } };
    const key = { 'idempotency-key': crypto.randomUUID() };
    const first = await start(user.api, body, key);
    const again = await user.api<CustomerBulkJob>('POST', '/api/customers/bulk', body, key);
    expect(again.status).toBe(202);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first);
    expect(await count(user.orgId, sql`select count(*)::int as n from customer_bulk_job where org_id = ${user.orgId}`)).toBe(1);
  });

  it('answers a job already succeeded, and sends nothing, when nothing matches', async () => {
    const { user } = await organisationWith(2);
    const queue = env.server.jobs as RecordingJobQueue;
    const sentBefore = queue.sent.length;
    const none = JSON.stringify([{ field: 'currency', operator: 'eq', value: 'JPY' }]);
    const job = await start(user.api, { matching: { filter_str: none }, action: { type: 'resume' } });
    expect(job).toMatchObject({ status: 'succeeded', total: 0, processed: 0, updated: 0 });
    expect(job.finished_at).not.toBeNull();
    expect(queue.sent.length).toBe(sentBefore);
  });

  it('refuses more matches than the cap with DOMAIN_RULE (422) naming matching, and keeps nothing', async () => {
    const { user } = await organisationWith(6);
    const attempt = startCustomerBulkJob({ db: env.db.db, orgId: user.orgId, actorId: user.userId, matchingMax: 5 }, { matching: {}, action: { type: 'resume' } });
    const error: unknown = await attempt.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('DOMAIN_RULE');
    expect((error as AppError).details).toEqual([{ field: 'matching', reason: 'matches more than 5 customers' }]);
    expect(await count(user.orgId, sql`select count(*)::int as n from customer_bulk_job where org_id = ${user.orgId}`)).toBe(0);
  });

  it.each([
    ['a pause that does not end in the future', { action: { type: 'pause', until: isoDay(0) } }, 400, 'VALIDATION_FAILED', 'action.until'],
    ['an unknown tag', { action: { type: 'remove_tag', tag_id: crypto.randomUUID() } }, 404, 'NOT_FOUND', 'action.tag_id'],
    ['an unknown workflow', { action: { type: 'assign_workflow', workflow_id: crypto.randomUUID() } }, 404, 'NOT_FOUND', 'action.workflow_id'],
    ['an unknown filter field', { matching: { filter_str: '[{"field":"colour","operator":"eq","value":1}]' } }, 400, 'VALIDATION_FAILED', 'matching.filter_str[0].field'],
  ])('refuses %s before any job is made, naming the field', async (_, change, status, code, field) => {
    const { user } = await organisationWith(1);
    expectError(await user.api('POST', '/api/customers/bulk', { ...EVERYONE, action: { type: 'resume' }, ...change }), status, code, field);
    expect(await count(user.orgId, sql`select count(*)::int as n from customer_bulk_job where org_id = ${user.orgId}`)).toBe(0);
  });

  it('still applies named customers at once, answering 200 with the ids that changed', async () => {
    const { user, ids } = await organisationWith(3);
    const res = await user.api<CustomerBulkResult>('POST', '/api/customers/bulk', { customer_ids: ids.slice(0, 2), action: { type: 'pause', until: null } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: 2, customer_ids: ids.slice(0, 2) });
    expect(await paused(user.orgId)).toBe(2);
  });
});

describe('GET /api/customers/bulk/{jobId}', () => {
  it('is the organisation’s own: another organisation’s job is a 404, as is an unknown one; a malformed id is a 400', async () => {
    const { user } = await organisationWith(2);
    const job = await start(user.api, { ...EVERYONE, action: { type: 'resume' } });
    expect((await user.api('GET', `/api/customers/bulk/${job.id}`)).status).toBe(200);
    const rival = await env.signUp();
    expectError(await rival.api('GET', `/api/customers/bulk/${job.id}`), 404, 'NOT_FOUND', 'jobId');
    expectError(await user.api('GET', `/api/customers/bulk/${crypto.randomUUID()}`), 404, 'NOT_FOUND', 'jobId');
    expectError(await user.api('GET', '/api/customers/bulk/not-a-job'), 400, 'VALIDATION_FAILED', 'jobId');
    // Nor can another organisation's worker run reach it.
    await runOrganisationBulkJobs({ db: env.db.db, log }, rival.orgId);
    expect((await read(user.api, job.id)).status).toBe('running');
  });

  it('is in the OpenAPI document with its schema', async () => {
    const docs = await env.anonymous()<{ paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }>('GET', '/api/docs/json');
    expect(Object.keys(docs.body.paths['/api/customers/bulk/{jobId}']?.get?.responses ?? {})).toContain('200');
    expect(Object.keys(docs.body.paths['/api/customers/bulk']?.post?.responses ?? {})).toEqual(expect.arrayContaining(['200', '202']));
  });
});
