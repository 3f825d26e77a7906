import { index, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Which worker processes are alive and which long jobs each is running (decision 0034), in a
 * schema of their own: they belong to no organisation. A worker beats every few seconds; a job run
 * whose worker stopped beating is taken back from pg-boss and sent again, within a minute, rather
 * than holding its place until pg-boss expires it a quarter of an hour later.
 */
export const workerSchema = pgSchema('worker');

export const workerProcess = workerSchema.table('process', {
  id: uuid('id').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).defaultNow().notNull(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).defaultNow().notNull(),
});

export const workerJobRun = workerSchema.table(
  'job_run',
  {
    /** pg-boss's job id. */
    jobId: uuid('job_id').primaryKey(),
    queue: text('queue').notNull(),
    workerId: uuid('worker_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('job_run_worker_idx').on(t.workerId)],
);
