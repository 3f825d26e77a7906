/**
 * How the imports module asks for an organisation's started imports to be run in the
 * background. The module owns this port; the job layer implements it (jobs/customer-import.job.ts),
 * so nothing here depends on how jobs are queued.
 */
export interface ImportQueue {
  /** Make sure the organisation's queued imports will be run; repeating it is harmless. */
  runImportsOf(orgId: string): Promise<void>;
}
