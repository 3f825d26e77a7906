import { and, asc, count, eq } from 'drizzle-orm';

import { type Db, withOrg } from '../../db/client';
import { eventBulkJob } from '../../db/schema';
import type { BulkJobQueue } from '../../org/bulk-job-queue';
import { resumeRunningJobs } from '../../org/resume-running-jobs';
import { runJobsOldestFirst } from '../../org/run-jobs-oldest-first';

import { type EventBulkRunDeps, runEventBulkJob } from './run-event-bulk-job';

/**
 * Run every running bulk action over one organisation's planned emails, oldest first, until none
 * is left (decision 0045, as the customer ones: decision 0008). Returns how many it ran.
 */
export async function runOrganisationEventBulkJobs(deps: EventBulkRunDeps, orgId: string): Promise<number> {
  const nextRunning = async () => {
    const [next] = await withOrg(deps.db, orgId, (tx) =>
      tx
        .select({ id: eventBulkJob.id })
        .from(eventBulkJob)
        .where(and(eq(eventBulkJob.orgId, orgId), eq(eventBulkJob.status, 'running')))
        .orderBy(asc(eventBulkJob.createdAt), asc(eventBulkJob.id))
        .limit(1),
    );
    return next?.id;
  };
  return runJobsOldestFirst(nextRunning, (jobId) => runEventBulkJob(deps, { orgId, jobId }));
}

/** Ask again for every organisation with a bulk action over emails still running; run when a worker starts. Returns how many jobs. */
export async function resumeUnfinishedEventBulkJobs(deps: { db: Db; bulk: BulkJobQueue }): Promise<number> {
  return resumeRunningJobs(
    deps.db,
    async (tx, orgId) => {
      const [row] = await tx.select({ n: count() }).from(eventBulkJob).where(and(eq(eventBulkJob.orgId, orgId), eq(eventBulkJob.status, 'running')));
      return row?.n ?? 0;
    },
    (orgId) => deps.bulk.runBulkJobsOf(orgId),
  );
}
