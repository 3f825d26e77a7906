import type { CustomerBulkJob } from '@receivables/contracts';
import { and, eq } from 'drizzle-orm';

import { type DbOrTx, withOrg } from '../../db/client';
import { customerBulkJob } from '../../db/schema';
import { notFound } from '../../errors/domain-errors';

import { customerBulkJobColumns, toCustomerBulkJob } from './customer-bulk-job-record';

/** One bulk job with its progress, which the list's progress bar polls; another organisation's is NOT_FOUND. */
export async function getCustomerBulkJob(deps: { db: DbOrTx; orgId: string }, id: string): Promise<CustomerBulkJob> {
  const [row] = await withOrg(deps.db, deps.orgId, (tx) =>
    tx.select(customerBulkJobColumns).from(customerBulkJob).where(and(eq(customerBulkJob.orgId, deps.orgId), eq(customerBulkJob.id, id))),
  );
  if (!row) throw notFound('Bulk action', 'jobId');
  return toCustomerBulkJob(row);
}
