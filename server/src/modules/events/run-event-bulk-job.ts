import type { EventBulkAction } from '@receivables/contracts';
import { and, eq, sql } from 'drizzle-orm';

import { type Tx, withOrg } from '../../db/client';
import { eventBulkJob } from '../../db/schema';
import { isAppError } from '../../errors/app-error';
import { type BulkJobRef, runBatchesRetrying } from '../../org/bulk-job-batches';
import { recordAudit } from '../../org/record-audit';
import { loadOrgSending } from '../delivery/org-sending';
import type { SenderDeps } from '../delivery/sender-deps';

import { cancelPlannedEmail } from './cancel-event';
import { type EventBulkJobRecord, selectEventBulkJob } from './event-bulk-job-record';
import { executeEvent, whyNothingCanBeSent } from './execute-event';

/**
 * Emails a Cancel batch takes in one transaction. Cancels are a few statements each; a Send now
 * goes one email at a time (each is handed to the mail server in its own transactions).
 */
export const EVENT_BULK_CANCEL_BATCH = 100;

export type EventBulkRunDeps = SenderDeps & { batchSize?: number };

/**
 * The `events.bulk` job: apply a running bulk action over planned emails (decision 0045), batch by
 * batch in id order, each email through the very function Send now or Cancel runs on one — the
 * same rules, the person who asked as the actor in each email's history, and no audit entry of
 * its own: the job records one for all of them when it ends, with its counts. An email that is
 * no longer planned when its turn comes (or that Send now cannot address) is left alone and
 * counted skipped. Each batch advances the job's counters under the job's row lock, so a job that
 * dies resumes after its last committed batch. Any other error fails the job, saying how far it got.
 */
export async function runEventBulkJob(deps: EventBulkRunDeps, job: BulkJobRef): Promise<void> {
  try {
    await runBatchesRetrying(() => runNextEventBulkBatch(deps, job));
  } catch (error) {
    deps.log.error(`bulk action on emails ${job.jobId} failed`, error);
    await failJob(deps, job, error);
  }
}

/** Apply the job's next batch; false when it is finished (or no longer running). */
export async function runNextEventBulkBatch(deps: EventBulkRunDeps, { orgId, jobId }: BulkJobRef): Promise<boolean> {
  return withOrg(deps.db, orgId, async (tx) => {
    // Held to the commit: a second runner of the same job waits here, then reads where this got to.
    const job = await selectEventBulkJob(tx, orgId, jobId, { lock: true });
    if (job?.status !== 'running') return false;
    if (!job.createdBy) throw new Error('a bulk action on emails has no person to act for');
    const size = job.action === 'cancel' ? (deps.batchSize ?? EVENT_BULK_CANCEL_BATCH) : 1;
    const next = await tx.execute<{ id: string }>(sql`
      select unnest(event_ids[${job.processed + 1}:${job.processed + size}]) as id
      from event_bulk_job where org_id = ${orgId} and id = ${jobId}`);
    const batch = next.rows.map((r) => r.id);
    if (batch.length === 0) return finish(tx, job, { status: 'succeeded' });
    const actor = { orgId, actorId: job.createdBy };
    const done = job.action === 'cancel' ? await cancelBatch(tx, actor, batch) : await sendOneNow(deps, tx, actor, batch);
    const [advanced] = await tx
      .update(eventBulkJob)
      .set({
        processed: sql`${eventBulkJob.processed} + ${batch.length}`,
        updated: sql`${eventBulkJob.updated} + ${done}`,
        skipped: sql`${eventBulkJob.skipped} + ${batch.length - done}`,
      })
      .where(eq(eventBulkJob.id, jobId))
      .returning({ processed: eventBulkJob.processed, updated: eventBulkJob.updated, skipped: eventBulkJob.skipped });
    if (!advanced) throw new Error('event bulk job update returned nothing');
    return advanced.processed < job.total ? true : finish(tx, { ...job, ...advanced }, { status: 'succeeded' });
  });
}

/** Whether the single action refused this email as no longer what was chosen: anything but planned, or (Send now) not addressable. */
const isSkipped = (error: unknown, action: EventBulkAction): boolean =>
  isAppError(error) && (error.code === 'CONFLICT' || error.code === 'NOT_FOUND' || (action === 'send_now' && error.code === 'DOMAIN_RULE'));

/** Cancel each email of the batch in the batch's transaction; how many were cancelled. A refusal is thrown before it writes anything. */
async function cancelBatch(tx: Tx, actor: { orgId: string; actorId: string }, batch: string[]): Promise<number> {
  let cancelled = 0;
  for (const id of batch) {
    try {
      await cancelPlannedEmail(tx, actor, id, { audit: false });
      cancelled++;
    } catch (error) {
      if (!isSkipped(error, 'cancel')) throw error;
    }
  }
  return cancelled;
}

/**
 * Send one email now, as Send now does, on the pool (it commits its claim before the hand-off);
 * 1 when it went, 0 when it was skipped or the mail server refused it (the email says so in
 * Activity). Sending disabled or unconfigured meanwhile stops the job rather than skip every email.
 */
async function sendOneNow(deps: EventBulkRunDeps, tx: Tx, actor: { orgId: string; actorId: string }, [id]: string[]): Promise<number> {
  if (!id) return 0;
  const blocked = whyNothingCanBeSent((await loadOrgSending(tx, actor.orgId, deps)).mail);
  if (blocked) throw new StoppedSending(blocked.message);
  try {
    const email = await executeEvent({ ...deps, ...actor }, id, { audit: false, plannedOnly: true });
    return email.status === 'success' || email.status === 'draft_success' ? 1 : 0;
  } catch (error) {
    if (isSkipped(error, 'send_now')) return 0;
    throw error;
  }
}

/** The organisation stopped being able to send while the job ran: a reason a person can act on. */
class StoppedSending extends Error {}

/** End the job, drop the ids, and record the one audit entry of the whole job; false, for the batch loop. */
async function finish(tx: Tx, job: EventBulkJobRecord, end: { status: 'succeeded' | 'failed'; error?: string }): Promise<false> {
  const [ended] = await tx
    .update(eventBulkJob)
    .set({ status: end.status, error: end.error ?? null, eventIds: null, finishedAt: sql`now()` })
    .where(and(eq(eventBulkJob.id, job.id), eq(eventBulkJob.status, 'running')))
    .returning({ id: eventBulkJob.id });
  if (!ended) return false;
  await recordAudit(tx, { orgId: job.orgId, actorId: job.createdBy }, {
    action: job.action === 'cancel' ? 'event.bulk_cancel' : 'event.bulk_send_now',
    entity: 'event_bulk_job',
    entityId: job.id,
    customerId: null,
    before: null,
    after: { total: job.total, updated: job.updated, skipped: job.skipped, status: end.status },
  });
  return false;
}

async function failJob(deps: EventBulkRunDeps, { orgId, jobId }: BulkJobRef, error: unknown): Promise<void> {
  await withOrg(deps.db, orgId, async (tx) => {
    const job = await selectEventBulkJob(tx, orgId, jobId, { lock: true });
    if (job?.status === 'running') await finish(tx, job, { status: 'failed', error: failureMessage(job, error) });
  });
}

/** What a person reads: how far it got (the emails before the error keep what was done), and why it stopped. */
export function failureMessage(job: Pick<EventBulkJobRecord, 'processed' | 'total'>, error: unknown): string {
  const count = (n: number) => n.toLocaleString('en-GB');
  const where = job.processed > 0 ? `Stopped after ${count(job.processed)} of ${count(job.total)} emails` : 'Stopped before any email was done';
  if (error instanceof StoppedSending) return `${where}: ${error.message}.`;
  if (isAppError(error) && error.code === 'UPSTREAM_UNAVAILABLE') return `${where}: ${error.message}.`;
  const rest = job.processed > 0 ? ' The same action again on what is still planned finishes the rest.' : ' The same action may be tried again.';
  return `${where}, on an unexpected error.${rest}`;
}
