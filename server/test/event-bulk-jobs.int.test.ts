import type { AuditListResponse, EmailTemplateListResponse, EventBulkJob, EventDetail } from '@receivables/contracts';
import { eventBulkJobSchema } from '@receivables/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { eventBulkQueue } from '../src/jobs/event-bulk.job';
import { closeTransports } from '../src/lib/smtp-transport';
import { resumeUnfinishedEventBulkJobs, runOrganisationEventBulkJobs } from '../src/modules/events/run-organisation-event-bulk-jobs';

import { configureMail, senderDepsFor } from './delivery-helpers';
import { useIntegrationEnv } from './integration-env';
import {
  expectError,
  insertContact,
  insertCustomer,
  insertEvent,
  insertInvoice,
  isoDay,
  joinWithRole,
  type RecordingJobQueue,
  readMail,
  refreshCustomerFigures,
  type SignedUpUser,
  type SmtpSink,
  startSmtpSink,
  withOrg,
} from './support';

// The API sends to a recording queue: each test runs the organisation's jobs itself (decision 0045).
const env = useIntegrationEnv();
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  closeTransports();
  await sink.close();
});

const run = (user: SignedUpUser) => runOrganisationEventBulkJobs(senderDepsFor(env.db.db, () => new Date()), user.orgId);

/** A customer owing since last week with a reminder planned for tomorrow, as the scheduler plans one. */
async function plannedReminder(user: SignedUpUser, subject: string): Promise<string> {
  const templates = await user.api<EmailTemplateListResponse>('GET', '/api/emails/');
  const template = templates.body.rows.find((t) => t.kind === 'regular_email');
  if (!template) throw new Error('no regular template');
  const email = `ap-${crypto.randomUUID().slice(0, 8)}@payer.example`;
  const c = await insertCustomer(env.db.db, user.orgId, { name: `Payer ${subject}` });
  await insertContact(env.db.db, user.orgId, c.id, { role: 'primary', name: 'Pat Payer', email });
  await insertInvoice(env.db.db, user.orgId, c.id, { amountDue: 90_000, issuedOn: isoDay(-40), dueDate: isoDay(-7) });
  await refreshCustomerFigures(env.db.db, user.orgId, { today: isoDay(0) });
  const e = await insertEvent(env.db.db, user.orgId, c.id, {
    emailId: template.id,
    kind: 'regular_email',
    standing: 'single_missed',
    scheduledFor: new Date(Date.now() + 86_400_000),
    toAddresses: [{ name: 'Pat Payer', email }],
    subject,
  });
  // The episode to the microsecond, as the scheduler stores it.
  await withOrg(env.db.db, user.orgId, (tx) => tx.execute(sql`
    update event e set episode_start = c.standing_since from customer c where c.id = e.customer_id and e.id = ${e.id}`));
  return e.id;
}

async function start(user: SignedUpUser, body: object): Promise<EventBulkJob> {
  const res = await user.api<EventBulkJob>('POST', '/api/events/bulk', body);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  expect(res.headers.get('location')).toBe(`/api/events/bulk/${res.body.id}`);
  return eventBulkJobSchema.parse(res.body);
}

const read = async (user: SignedUpUser, id: string) => (await user.api<EventBulkJob>('GET', `/api/events/bulk/${id}`)).body;
const detail = async (user: SignedUpUser, id: string) => (await user.api<EventDetail>('GET', `/api/events/${id}/`)).body;

/** The audit log's entries of `action`, newest first, as its screen words them. */
async function audits(user: SignedUpUser, action: string) {
  const log = await user.api<AuditListResponse>('GET', `/api/audit/?action=${encodeURIComponent(action)}`);
  expect(log.status, JSON.stringify(log.body)).toBe(200);
  return log.body.rows;
}

async function jobCount(orgId: string): Promise<number> {
  const result = await withOrg(env.db.db, orgId, (tx) => tx.execute<{ n: number }>(sql`select count(*)::int as n from event_bulk_job where org_id = ${orgId}`));
  return result.rows[0]?.n ?? 0;
}

describe('POST /api/events/bulk: Send now or Cancel over chosen planned emails, in the background', () => {
  it('cancels the two chosen planned emails with the person as their actor, leaves a third alone, and records one audit entry with the count', async () => {
    const user = await env.signUp();
    const [first, second, third] = [await plannedReminder(user, 'First'), await plannedReminder(user, 'Second'), await plannedReminder(user, 'Third')];
    const queue = env.server.jobs as RecordingJobQueue;
    const sentBefore = queue.sent.length;

    const accepted = await start(user, { action: 'cancel', event_ids: [first, second] });
    expect(accepted).toMatchObject({ status: 'running', action: 'cancel', total: 2, processed: 0, updated: 0, skipped: 0, error: null, finished_at: null });
    expect(queue.sent.slice(sentBefore)).toEqual([{ name: 'events.bulk', data: { orgId: user.orgId }, options: { singletonKey: user.orgId } }]);
    // Nothing is cancelled until the job runs.
    expect((await detail(user, first)).status).toBe('pending');

    expect(await run(user)).toBe(1);
    expect(await read(user, accepted.id)).toMatchObject({ status: 'succeeded', total: 2, processed: 2, updated: 2, skipped: 0, error: null });
    for (const id of [first, second]) {
      const email = await detail(user, id);
      expect(email).toMatchObject({ status: 'superseded', status_reason: 'cancelled' });
      // Activity's history reads "superseded by <name>": the person who asked, as a single cancel records.
      expect(email.history.map((h) => [h.status, h.actor_id])).toEqual([['pending', null], ['superseded', user.userId]]);
    }
    expect((await detail(user, third)).status).toBe('pending');

    // One entry for the whole job, none per email.
    expect(await audits(user, 'event.cancel')).toHaveLength(0);
    const entries = await audits(user, 'event.bulk_cancel');
    expect(entries.map((e) => [e.actor?.id, e.description])).toEqual([[user.userId, 'cancelled 2 planned emails']]);
  });

  it('sends the chosen planned emails now through the mail server; one already sent is skipped and counted', async () => {
    const user = await env.signUp();
    await configureMail(env.db.db, user.orgId, { sink, from: { name: 'Acme Accounts', email: 'accounts@acme.test' }, mode: 'sending' });
    const [first, second, sent] = [await plannedReminder(user, 'Now one'), await plannedReminder(user, 'Now two'), await plannedReminder(user, 'Gone already')];
    // The third went by hand before the job reached it.
    expect((await user.api<EventDetail>('POST', `/api/events/execute/${sent}/`)).status).toBe(200);
    const arrivedBefore = sink.messages.length;

    const accepted = await start(user, { action: 'send_now', event_ids: [first, sent, second] });
    await run(user);
    expect(await read(user, accepted.id)).toMatchObject({ status: 'succeeded', total: 3, processed: 3, updated: 2, skipped: 1, error: null });

    const arrived = sink.messages.slice(arrivedBefore).map((m) => readMail(m.raw).subject).sort();
    expect(arrived).toEqual([(await detail(user, first)).subject, (await detail(user, second)).subject].sort());
    for (const id of [first, second]) {
      const email = await detail(user, id);
      expect(email.status).toBe('success');
      expect(email.history.at(-1)).toMatchObject({ status: 'success', actor_id: user.userId });
    }
    // The one sent before is as it was: sent once.
    expect((await detail(user, sent)).history.filter((h) => h.status === 'success')).toHaveLength(1);
    const entries = await audits(user, 'event.bulk_send_now');
    expect(entries.map((e) => e.description)).toEqual(['sent 2 planned emails now; 1 was no longer planned or could not be sent']);
    expect(await audits(user, 'event.send_now')).toHaveLength(1);
  });

  it('refuses Send now up front when the organisation can send nothing, naming the action; no job is kept', async () => {
    const user = await env.signUp();
    const id = await plannedReminder(user, 'Unsendable');
    await configureMail(env.db.db, user.orgId, { sink, from: { name: 'Acme Accounts', email: 'accounts@acme.test' }, mode: 'disabled' });
    expectError(await user.api('POST', '/api/events/bulk', { action: 'send_now', event_ids: [id] }), 422, 'DOMAIN_RULE', 'action');
    expect(await jobCount(user.orgId)).toBe(0);
    // Cancel needs no mail server.
    await start(user, { action: 'cancel', event_ids: [id] });
  });

  it('refuses another organisation’s emails as unknown ones, naming each, and keeps no job; its emails are untouched', async () => {
    const user = await env.signUp();
    const other = await env.signUp();
    const mine = await plannedReminder(user, 'Mine');
    const theirs = await plannedReminder(other, 'Theirs');
    const res = await user.api('POST', '/api/events/bulk', { action: 'cancel', event_ids: [mine, theirs] });
    expectError(res, 404, 'NOT_FOUND', 'event_ids[1]');
    expect(await jobCount(user.orgId)).toBe(0);
    expect((await detail(other, theirs)).status).toBe('pending');
    expect((await detail(user, mine)).status).toBe('pending');

    // Nor can anyone read another organisation's job.
    const job = await start(user, { action: 'cancel', event_ids: [mine] });
    expectError(await other.api('GET', `/api/events/bulk/${job.id}`), 404, 'NOT_FOUND', 'jobId');
  });

  it('refuses a request that names no email, repeats one or names too many, naming event_ids', async () => {
    const user = await env.signUp();
    const id = await plannedReminder(user, 'Once');
    expectError(await user.api('POST', '/api/events/bulk', { action: 'cancel', event_ids: [] }), 400, 'VALIDATION_FAILED', 'event_ids');
    expectError(await user.api('POST', '/api/events/bulk', { action: 'cancel', event_ids: [id, id] }), 400, 'VALIDATION_FAILED', 'event_ids');
    const many = Array.from({ length: 501 }, () => crypto.randomUUID());
    expectError(await user.api('POST', '/api/events/bulk', { action: 'cancel', event_ids: many }), 400, 'VALIDATION_FAILED', 'event_ids');
    expectError(await user.api('POST', '/api/events/bulk', { action: 'approve', event_ids: [id] }), 400, 'VALIDATION_FAILED', 'action');
  });

  it('is open to a member, as cancelling or sending one email is, and closed to anyone signed out', async () => {
    const owner = await env.signUp();
    const member = await joinWithRole(env.server, env.db.db, owner.orgId, 'member');
    const id = await plannedReminder(owner, 'By a member');
    expectError(await env.anonymous()('POST', '/api/events/bulk', { action: 'cancel', event_ids: [id] }), 401, 'UNAUTHENTICATED');
    await start(member, { action: 'cancel', event_ids: [id] });
    await run(owner);
    expect((await detail(owner, id)).history.at(-1)).toMatchObject({ status: 'superseded', actor_id: member.userId });
  });

  it('resumes after a restart: a job left running is sent again when a worker starts, and finishes where it stopped', async () => {
    const user = await env.signUp();
    const ids = [await plannedReminder(user, 'R1'), await plannedReminder(user, 'R2'), await plannedReminder(user, 'R3')];
    const job = await start(user, { action: 'cancel', event_ids: ids });
    const queue = env.server.jobs as RecordingJobQueue;
    const sentBefore = queue.sent.length;
    expect(await resumeUnfinishedEventBulkJobs({ db: env.db.db, bulk: eventBulkQueue(queue) })).toBeGreaterThanOrEqual(1);
    expect(queue.sent.slice(sentBefore)).toContainEqual({ name: 'events.bulk', data: { orgId: user.orgId }, options: { singletonKey: user.orgId } });
    // One email was cancelled by hand meanwhile: skipped and counted, not an error.
    expect((await user.api('POST', `/api/events/${ids[1]}/cancel/`)).status).toBe(200);
    await runOrganisationEventBulkJobs({ ...senderDepsFor(env.db.db, () => new Date()), batchSize: 1 }, user.orgId);
    expect(await read(user, job.id)).toMatchObject({ status: 'succeeded', total: 3, processed: 3, updated: 2, skipped: 1 });
    expect((await audits(user, 'event.bulk_cancel')).map((e) => e.description)).toEqual(['cancelled 2 planned emails; 1 was no longer planned']);
  });
});
