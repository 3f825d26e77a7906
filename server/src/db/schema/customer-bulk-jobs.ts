import type { CustomerBulkMatching, CustomerBulkOperation } from '@receivables/contracts';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { idColumn, orgIdColumn, timestampColumns } from './columns';

// Mirrors the contracts' customerBulkJobStatusSchema.
export const customerBulkJobStatusEnum = pgEnum('customer_bulk_job_status', ['running', 'succeeded', 'failed']);

/**
 * A bulk action over every customer the list's search and filters matched (decision 0008), run in
 * the background batch by batch. `customer_ids` is who it acts on: every match when it was
 * accepted, in id order, kept so that customers that start or stop matching meanwhile change
 * nothing; an array on the row, not a row per customer, because keeping 100,000 ids is then one
 * write, not 100,000 (with their foreign-key checks). `processed` is how far into it the committed
 * batches have got: it advances in the same transaction as each batch, so a restarted job carries
 * on after the last committed batch. The ids are dropped when the job ends.
 */
export const customerBulkJob = pgTable(
  'customer_bulk_job',
  {
    id: idColumn(),
    orgId: orgIdColumn(),
    // No foreign key, as in audit_log: the record outlives the user who made it. The actor of its audit entries.
    createdBy: uuid('created_by'),
    /** The action, a tag named by its name already resolved to its id. */
    action: jsonb('action').$type<CustomerBulkOperation>().notNull(),
    /** The search and filters asked for, for the record: the job acts on `customer_ids`. */
    matching: jsonb('matching').$type<CustomerBulkMatching>().notNull(),
    status: customerBulkJobStatusEnum('status').notNull().default('running'),
    /** Sorted by id; null once the job has ended. */
    customerIds: uuid('customer_ids').array(),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    error: text('error'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...timestampColumns(),
  },
  // A worker finds an organisation's running jobs, oldest first.
  (t) => [index('customer_bulk_job_running_idx').on(t.orgId, t.createdAt).where(sql`${t.status} = 'running'`)],
);
