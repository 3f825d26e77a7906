import type { CustomerBulkJob, CustomerBulkMatching, CustomerBulkOperation } from '@receivables/contracts';
import { eq, sql } from 'drizzle-orm';

import { withOrg } from '../../db/client';
import { customerBulkJob } from '../../db/schema';
import type { OrgScope } from '../../org/org-scope';
import { readOrganisationToday } from '../../org/organisation-today';

import { prepareBulkOperation } from './apply-customer-bulk-action';
import { customerBulkJobColumns, toCustomerBulkJob } from './customer-bulk-job-record';
import { toCustomerMatch } from './find-customers';
import { snapshotMatchingCustomers } from './snapshot-matching-customers';

/**
 * Accept an action over every customer the list's search and filters match (decision 0008): check
 * it as the named form does (a tag named by its name is created here, once), and keep the ids of
 * the customers that match now — the job acts on exactly those, whatever changes while it runs.
 * More than the cap is a 422 with nothing kept. Nothing matching is a job already succeeded. The
 * caller sends the job once this has committed, so the job never finds it missing.
 */
export async function startCustomerBulkJob(
  deps: OrgScope & { today?: string; matchingMax?: number },
  input: { matching: CustomerBulkMatching; action: CustomerBulkOperation },
): Promise<CustomerBulkJob> {
  return withOrg(deps.db, deps.orgId, async (tx) => {
    const today = deps.today ?? (await readOrganisationToday(tx, deps.orgId));
    const action = await prepareBulkOperation(tx, deps.orgId, input.action, today);
    const [created] = await tx
      .insert(customerBulkJob)
      .values({ orgId: deps.orgId, createdBy: deps.actorId, action, matching: input.matching })
      .returning({ id: customerBulkJob.id });
    if (!created) throw new Error('bulk job insert returned nothing');
    const match = toCustomerMatch(input.matching);
    const total = await snapshotMatchingCustomers(tx, { orgId: deps.orgId, jobId: created.id }, match, deps.matchingMax);
    const byId = eq(customerBulkJob.id, created.id);
    const [row] = total > 0
      ? await tx.select(customerBulkJobColumns).from(customerBulkJob).where(byId)
      : await tx.update(customerBulkJob).set({ status: 'succeeded', customerIds: null, finishedAt: sql`now()` }).where(byId).returning(customerBulkJobColumns);
    if (!row) throw new Error('bulk job update returned nothing');
    return toCustomerBulkJob(row);
  });
}
