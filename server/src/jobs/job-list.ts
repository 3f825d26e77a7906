import { chasingScheduleJob } from './chasing-schedule.job';
import { customerBulkActionJob } from './customer-bulk.job';
import { customerImportJob } from './customer-import.job';
import { deliverySendJob } from './delivery-send.job';
import { eventBulkActionJob } from './event-bulk.job';
import { figuresRefreshJob } from './figures-refresh.job';
import { idempotencyCleanupJob } from './idempotency-cleanup.job';
import { importRowsCleanupJob } from './import-rows-cleanup.job';
import type { RegisteredJob } from './job-definition';
import { stripeSyncJob } from './stripe-sync.job';

/**
 * Every background job. The boss creates a queue for each, the worker schedules and works each:
 * a new job is its own `*.job.ts` and one line here (docs/adding-a-domain.md).
 */
export const JOBS: readonly RegisteredJob[] = [
  figuresRefreshJob,
  chasingScheduleJob,
  idempotencyCleanupJob,
  importRowsCleanupJob,
  customerImportJob,
  customerBulkActionJob,
  eventBulkActionJob,
  deliverySendJob,
  stripeSyncJob,
];
