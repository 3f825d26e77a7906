import type { BulkJobQueue } from '../../org/bulk-job-queue';

/**
 * How the customers module asks for an organisation's bulk jobs to be run in the background; the
 * job layer implements it (jobs/customer-bulk.job.ts).
 */
export type CustomerBulkQueue = BulkJobQueue;
