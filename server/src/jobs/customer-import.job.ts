import type PgBoss from 'pg-boss';
import { z } from 'zod';

import type { JobQueue } from './job-queue';

/**
 * Imports the rows of a started CSV import (decision 0009). One job per import, keyed by its id:
 * the `stately` policy keeps at most one waiting and one running job per import, so sending it
 * again (a retried start, a worker restart) is harmless. The handler resumes after the last
 * committed batch, so a job pg-boss retries after a crash carries on where it stopped.
 */
export const CUSTOMER_IMPORT_JOB = 'customers.import';

export const CUSTOMER_IMPORT_QUEUE: Omit<PgBoss.Queue, 'name'> = {
  policy: 'stately',
  // 100,000 rows take well under a minute; the margin covers a slow database. A worker that
  // dies mid-import leaves the job active until then, but a restarted worker re-sends it at once.
  expireInSeconds: 15 * 60,
  retryLimit: 3,
  retryDelay: 30,
  retryBackoff: true,
};

export const customerImportJobDataSchema = z.object({ orgId: z.uuid(), importId: z.uuid() });
export type CustomerImportJobData = z.infer<typeof customerImportJobDataSchema>;

/** Queue the import's job; called after the start has committed, so the job never sees it unstarted. */
export async function enqueueCustomerImport(jobs: JobQueue, data: CustomerImportJobData): Promise<void> {
  await jobs.send(CUSTOMER_IMPORT_JOB, data, { singletonKey: data.importId });
}
