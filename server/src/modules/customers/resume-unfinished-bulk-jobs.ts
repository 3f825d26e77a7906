import { and, count, eq } from 'drizzle-orm';

import type { Db } from '../../db/client';
import { customerBulkJob } from '../../db/schema';
import { resumeRunningJobs } from '../../org/resume-running-jobs';

import type { CustomerBulkQueue } from './customer-bulk-queue';

/**
 * Ask again for every organisation with a customer bulk job still running (a worker stopped
 * mid-job, or the send after the request was lost). Run when a worker starts. Returns how many jobs.
 */
export async function resumeUnfinishedBulkJobs(deps: { db: Db; bulk: CustomerBulkQueue }): Promise<number> {
  return resumeRunningJobs(
    deps.db,
    async (tx, orgId) => {
      const [row] = await tx.select({ n: count() }).from(customerBulkJob).where(and(eq(customerBulkJob.orgId, orgId), eq(customerBulkJob.status, 'running')));
      return row?.n ?? 0;
    },
    (orgId) => deps.bulk.runBulkJobsOf(orgId),
  );
}
