/**
 * How a module asks for an organisation's background bulk jobs to be run (decisions 0008, 0045).
 * The module owns this port; the job layer implements it (jobs/customer-bulk.job.ts,
 * jobs/event-bulk.job.ts), so nothing here depends on how jobs are queued.
 */
export interface BulkJobQueue {
  /** Make sure the organisation's running bulk jobs will be run; repeating it is harmless. */
  runBulkJobsOf(orgId: string): Promise<void>;
}
