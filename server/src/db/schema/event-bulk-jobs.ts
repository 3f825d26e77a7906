import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { idColumn, orgIdColumn, timestampColumns } from './columns';
import { customerBulkJobStatusEnum } from './customer-bulk-jobs';

// Mirrors the contracts' eventBulkActionSchema (decision 0045).
export const eventBulkActionEnum = pgEnum('event_bulk_action', ['send_now', 'cancel']);

/**
 * Send now or cancel over planned emails chosen on Activity (decision 0045), run in the background
 * like the customer bulk actions (decision 0008): the ids chosen, kept when it was accepted; how far
 * the committed batches have got; how many it acted on and how many it passed over because they
 * were no longer planned. One audit entry records the whole job with its counts.
 */
export const eventBulkJob = pgTable(
  'event_bulk_job',
  {
    id: idColumn(),
    orgId: orgIdColumn(),
    // No foreign key, as in audit_log: the record outlives the user who made it.
    createdBy: uuid('created_by'),
    action: eventBulkActionEnum('action').notNull(),
    status: customerBulkJobStatusEnum('status').notNull().default('running'),
    /** Sorted by id; null once the job has ended. */
    eventIds: uuid('event_ids').array(),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    error: text('error'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...timestampColumns(),
  },
  (t) => [index('event_bulk_job_running_idx').on(t.orgId, t.createdAt).where(sql`${t.status} = 'running'`)],
);
