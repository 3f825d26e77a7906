import { and, count, eq } from 'drizzle-orm';

import type { Db } from '../../db/client';
import { forEachOrganisation } from '../../db/for-each-organisation';
import { customerBulkJob } from '../../db/schema';

import type { CustomerBulkQueue } from './customer-bulk-queue';

/**
 * Ask again for every organisation with a bulk job still running (a worker stopped mid-job, or the
 * send after the request was lost). Run when a worker starts; asking twice is harmless, and a job
 * carries on after its last committed batch. Returns how many jobs.
 */
export async function resumeUnfinishedBulkJobs(deps: { db: Db; bulk: CustomerBulkQueue }): Promise<number> {
  const counts = await forEachOrganisation(deps.db, async (tx, orgId) => {
    const [row] = await tx
      .select({ n: count() })
      .from(customerBulkJob)
      .where(and(eq(customerBulkJob.orgId, orgId), eq(customerBulkJob.status, 'running')));
    return { orgId, count: row?.n ?? 0 };
  });
  let resumed = 0;
  for (const { orgId, count: n } of counts) {
    if (n === 0) continue;
    await deps.bulk.runBulkJobsOf(orgId);
    resumed += n;
  }
  return resumed;
}
