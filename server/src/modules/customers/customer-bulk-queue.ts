/**
 * How the customers module asks for an organisation's bulk jobs to be run in the background. The
 * module owns this port; the job layer implements it (jobs/customer-bulk.job.ts), so nothing here
 * depends on how jobs are queued.
 */
export interface CustomerBulkQueue {
  /** Make sure the organisation's running bulk jobs will be run; repeating it is harmless. */
  runBulkJobsOf(orgId: string): Promise<void>;
}
