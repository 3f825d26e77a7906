import { and, eq, sql } from 'drizzle-orm';

import { type Db, type Tx, withOrg } from '../../db/client';
import { customerBulkJob } from '../../db/schema';
import { isAppError } from '../../errors/app-error';
import { type BulkJobRef, runBatchesRetrying } from '../../org/bulk-job-batches';
import { readOrganisationToday } from '../../org/organisation-today';
import { requireWorkflow } from '../workflows/workflow-records';

import { applyBulkOperation } from './apply-customer-bulk-action';
import { customerBulkJobColumns, type CustomerBulkJobRecord } from './customer-bulk-job-record';
import { lockExistingCustomers } from './lock-bulk-customers';

/** Customers per transaction: as many as one named bulk action may lock (CUSTOMER_BULK_MAX), so a batch holds no more locks than a request. */
export const CUSTOMER_BULK_BATCH = 1000;

export interface BulkRunDeps {
  db: Db;
  log: { error(message: string, error?: unknown): void };
  batchSize?: number;
}

/**
 * The `customers.bulk` job: apply a running bulk job to its customers batch by batch in id order
 * (decision 0008). Each batch is one transaction that locks its customers, applies the action with
 * its audit entries and reconciliation exactly as the named form does, and advances the job's
 * counters: a job that dies resumes after its last committed batch, and no batch is applied
 * twice. An error fails the job, saying how far it got (should even that fail, the run throws and
 * pg-boss runs it again, which resumes it). A job that is not running does nothing.
 */
export async function runCustomerBulkJob(deps: BulkRunDeps, job: BulkJobRef): Promise<void> {
  const batchSize = deps.batchSize ?? CUSTOMER_BULK_BATCH;
  try {
    await runBatchesRetrying(() => runNextBulkBatch(deps.db, job, batchSize));
  } catch (error) {
    deps.log.error(`bulk action ${job.jobId} failed`, error);
    await failJob(deps.db, job, error);
  }
}

/**
 * Apply the job's next batch in one transaction; false when the job is finished (or no longer
 * running). What a worker that stops between two calls leaves is a job the next run resumes.
 */
export async function runNextBulkBatch(db: Db, { orgId, jobId }: BulkJobRef, batchSize: number): Promise<boolean> {
  return withOrg(db, orgId, async (tx) => {
    // Held to the commit: a second runner of the same job (pg-boss retrying one it thinks lost)
    // waits here, then reads the position this batch advanced.
    const [job] = await tx
      .select(customerBulkJobColumns)
      .from(customerBulkJob)
      .where(and(eq(customerBulkJob.orgId, orgId), eq(customerBulkJob.id, jobId)))
      .for('update');
    if (job?.status !== 'running') return false;
    // The next ids of the snapshot, in id order: a slice of the array, not a scan of what is done.
    const next = await tx.execute<{ id: string }>(sql`
      select unnest(customer_ids[${job.processed + 1}:${job.processed + batchSize}]) as id
      from customer_bulk_job where org_id = ${orgId} and id = ${jobId}`);
    const batch = next.rows.map((r) => r.id);
    if (batch.length === 0) return finish(tx, jobId, { status: 'succeeded' });
    const ids = await lockExistingCustomers(tx, orgId, batch);
    const changed = ids.length > 0 ? await applyBatch(tx, job, ids) : [];
    await tx
      .update(customerBulkJob)
      .set({
        processed: sql`${customerBulkJob.processed} + ${batch.length}`,
        updated: sql`${customerBulkJob.updated} + ${changed.length}`,
      })
      .where(eq(customerBulkJob.id, jobId));
    return job.processed + batch.length < job.total ? true : finish(tx, jobId, { status: 'succeeded' });
  });
}

async function applyBatch(tx: Tx, job: CustomerBulkJobRecord, ids: string[]): Promise<string[]> {
  const { action, orgId } = job;
  // The workflow may have been deleted since the job was accepted: that is a clear failure, not a key violation.
  if (action.type === 'assign_workflow' && action.workflow_id) await requireWorkflow(tx, orgId, action.workflow_id, 'action.workflow_id');
  const today = await readOrganisationToday(tx, orgId);
  return applyBulkOperation(tx, { orgId, actorId: job.createdBy, today }, ids, action);
}

/** End the job and drop the ids it acted on; false, for the batch loop. */
async function finish(tx: Tx, jobId: string, end: { status: 'succeeded' | 'failed'; error?: string }): Promise<false> {
  await tx
    .update(customerBulkJob)
    .set({ status: end.status, error: end.error ?? null, customerIds: null, finishedAt: sql`now()` })
    .where(and(eq(customerBulkJob.id, jobId), eq(customerBulkJob.status, 'running')));
  return false;
}

async function failJob(db: Db, { orgId, jobId }: BulkJobRef, error: unknown): Promise<void> {
  await withOrg(db, orgId, async (tx) => {
    const [job] = await tx
      .select(customerBulkJobColumns)
      .from(customerBulkJob)
      .where(and(eq(customerBulkJob.orgId, orgId), eq(customerBulkJob.id, jobId)))
      .for('update');
    if (job?.status === 'running') await finish(tx, jobId, { status: 'failed', error: failureMessage(job, error) });
  });
}

/** What a person reads: how far it got (the batches before the error are kept), and why it stopped. */
export function failureMessage(job: Pick<CustomerBulkJobRecord, 'processed' | 'total'>, error: unknown): string {
  const count = (n: number) => n.toLocaleString('en-GB');
  const where = job.processed > 0 ? `Stopped after ${count(job.processed)} of ${count(job.total)} customers` : 'Stopped before any customer was changed';
  // A tag or workflow deleted while it ran is the one error a person can make sense of.
  if (isAppError(error) && error.code === 'NOT_FOUND') return `${where}: ${error.message}, deleted while the action ran.`;
  const rest = job.processed > 0 ? ' Those keep the change; the same action again finishes the rest.' : ' The same action may be tried again.';
  return `${where}, on an unexpected error.${rest}`;
}
