import { and, asc, eq } from 'drizzle-orm';

import { withOrg } from '../../db/client';
import { customerBulkJob } from '../../db/schema';

import { type BulkRunDeps, runCustomerBulkJob } from './run-customer-bulk-job';

/**
 * Run every running bulk job of one organisation, oldest first, until none is left. One
 * organisation's jobs run one after another, in the order they were accepted, so "pause every
 * match" then "resume every match" ends resumed; different organisations' run side by side
 * (decision 0008). Returns how many it ran.
 */
export async function runOrganisationBulkJobs(deps: BulkRunDeps, orgId: string): Promise<number> {
  const done = new Set<string>();
  for (;;) {
    const [next] = await withOrg(deps.db, orgId, (tx) =>
      tx
        .select({ id: customerBulkJob.id })
        .from(customerBulkJob)
        .where(and(eq(customerBulkJob.orgId, orgId), eq(customerBulkJob.status, 'running')))
        .orderBy(asc(customerBulkJob.createdAt), asc(customerBulkJob.id))
        .limit(1),
    );
    // A job still running after its run was stopped by someone else (another worker holding it);
    // leave it to that worker rather than spin on it.
    if (!next || done.has(next.id)) return done.size;
    done.add(next.id);
    await runCustomerBulkJob(deps, { orgId, jobId: next.id });
  }
}
