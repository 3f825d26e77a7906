import { and, eq, inArray } from 'drizzle-orm';

import { type Db, withOrg } from '../../db/client';
import { authOrganization, customerImport } from '../../db/schema';
import { enqueueCustomerImport } from '../../jobs/customer-import.job';
import type { JobQueue } from '../../jobs/job-queue';

/**
 * Send the job again for every import left queued or running (a worker stopped mid-import, or
 * the send after a start was lost). Run when a worker starts; the queue drops a job that is
 * already waiting, and the job itself carries on after the last committed batch.
 */
export async function resumeUnfinishedImports(deps: { db: Db; jobs: JobQueue }): Promise<number> {
  const organisations = await deps.db.select({ id: authOrganization.id }).from(authOrganization);
  let resumed = 0;
  for (const { id: orgId } of organisations) {
    const unfinished = await withOrg(deps.db, orgId, (tx) =>
      tx
        .select({ id: customerImport.id })
        .from(customerImport)
        .where(and(eq(customerImport.orgId, orgId), inArray(customerImport.status, ['queued', 'running']))),
    );
    for (const { id } of unfinished) await enqueueCustomerImport(deps.jobs, { orgId, importId: id });
    resumed += unfinished.length;
  }
  return resumed;
}
