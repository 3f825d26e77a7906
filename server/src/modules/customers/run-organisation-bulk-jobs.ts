import { and, asc, eq } from 'drizzle-orm';

import { withOrg } from '../../db/client';
import { customerBulkJob } from '../../db/schema';
import { runJobsOldestFirst } from '../../org/run-jobs-oldest-first';

import { type BulkRunDeps, runCustomerBulkJob } from './run-customer-bulk-job';

/**
 * Run every running customer bulk job of one organisation, oldest first, until none is left;
 * different organisations' run side by side (decision 0008). Returns how many it ran.
 */
export async function runOrganisationBulkJobs(deps: BulkRunDeps, orgId: string): Promise<number> {
  const nextRunning = async () => {
    const [next] = await withOrg(deps.db, orgId, (tx) =>
      tx
        .select({ id: customerBulkJob.id })
        .from(customerBulkJob)
        .where(and(eq(customerBulkJob.orgId, orgId), eq(customerBulkJob.status, 'running')))
        .orderBy(asc(customerBulkJob.createdAt), asc(customerBulkJob.id))
        .limit(1),
    );
    return next?.id;
  };
  return runJobsOldestFirst(nextRunning, (jobId) => runCustomerBulkJob(deps, { orgId, jobId }));
}
