import type { CustomerBulkJob } from '@receivables/contracts';
import { getTableColumns } from 'drizzle-orm';

import { customerBulkJob } from '../../db/schema';

import { iso } from './customer-row';

// Every column but the ids it acts on (up to 100,000 of them): what reading a job's progress needs.
const { customerIds: _customerIds, ...columns } = getTableColumns(customerBulkJob);
export const customerBulkJobColumns = columns;

export type CustomerBulkJobRecord = Omit<typeof customerBulkJob.$inferSelect, 'customerIds'>;

/** The one place a bulk job's record becomes the wire shape. */
export function toCustomerBulkJob(row: CustomerBulkJobRecord): CustomerBulkJob {
  return {
    id: row.id,
    status: row.status,
    action: row.action,
    total: row.total,
    processed: row.processed,
    updated: row.updated,
    error: row.error,
    created_at: iso(row.createdAt),
    finished_at: row.finishedAt ? iso(row.finishedAt) : null,
  };
}
