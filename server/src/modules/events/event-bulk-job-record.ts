import type { EventBulkJob } from '@receivables/contracts';
import { and, eq, getTableColumns } from 'drizzle-orm';

import type { Tx } from '../../db/client';
import { eventBulkJob } from '../../db/schema';
import { notFound } from '../../errors/domain-errors';
import { iso } from '../customers/customer-row';

// Every column but the emails it acts on: what reading a job's progress needs.
const { eventIds: _eventIds, ...columns } = getTableColumns(eventBulkJob);
export const eventBulkJobColumns = columns;

export type EventBulkJobRecord = Omit<typeof eventBulkJob.$inferSelect, 'eventIds'>;

/** The one place a bulk job over planned emails becomes the wire shape (decision 0045). */
export function toEventBulkJob(row: EventBulkJobRecord): EventBulkJob {
  return {
    id: row.id,
    status: row.status,
    action: row.action,
    total: row.total,
    processed: row.processed,
    updated: row.updated,
    skipped: row.skipped,
    error: row.error,
    created_at: iso(row.createdAt),
    finished_at: row.finishedAt ? iso(row.finishedAt) : null,
  };
}

/** One job of the organisation; `lock` holds its row to the commit (a runner's batch). Null when there is none. */
export async function selectEventBulkJob(
  tx: Tx,
  orgId: string,
  jobId: string,
  options: { lock: boolean },
): Promise<EventBulkJobRecord | null> {
  const query = tx.select(eventBulkJobColumns).from(eventBulkJob).where(and(eq(eventBulkJob.orgId, orgId), eq(eventBulkJob.id, jobId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** As selectEventBulkJob, NOT_FOUND naming `jobId` when there is none (or it is another organisation's). */
export async function requireEventBulkJob(tx: Tx, orgId: string, jobId: string): Promise<EventBulkJobRecord> {
  const row = await selectEventBulkJob(tx, orgId, jobId, { lock: false });
  if (!row) throw notFound('Bulk action', 'jobId');
  return row;
}
