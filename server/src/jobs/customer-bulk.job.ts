import { z } from 'zod';

import type { CustomerBulkQueue } from '../modules/customers/customer-bulk-queue';
import { resumeUnfinishedBulkJobs } from '../modules/customers/resume-unfinished-bulk-jobs';
import { runOrganisationBulkJobs } from '../modules/customers/run-organisation-bulk-jobs';

import { defineJob } from './job-definition';
import type { JobQueue } from './job-queue';

/**
 * Runs an organisation's bulk actions over every match (decision 0008). One job per ORGANISATION,
 * keyed by its id, as `customers.import` is: the `stately` policy keeps at most one waiting and one
 * running job per key, so one organisation's actions apply one at a time, in the order accepted,
 * while different organisations' run side by side. Sending it again (a retried request, a worker
 * restart) is harmless; a job resumes after its last committed batch, so a run pg-boss retries
 * after a crash carries on where it stopped.
 */
export const customerBulkActionJob = defineJob({
  name: 'customers.bulk',
  queue: {
    policy: 'stately',
    // 100,000 customers take well under a minute; the margin covers a slow database and several
    // actions queued behind one another. A restarted worker re-sends at once.
    expireInSeconds: 15 * 60,
    retryLimit: 3,
    retryDelay: 30,
    retryBackoff: true,
  },
  data: z.object({ orgId: z.uuid() }),
  pollingIntervalSeconds: 1,
  // Two organisations' actions at once per worker: one tenant's 100,000 customers do not hold up
  // another's.
  concurrency: () => 2,
  handle: async (ctx, { orgId }) => {
    await runOrganisationBulkJobs({ db: ctx.db, log: ctx.log }, orgId);
  },
  onWorkerStart: async (ctx) => {
    // The worker may have stopped in the middle of one.
    const resumed = await resumeUnfinishedBulkJobs({ db: ctx.db, bulk: customerBulkQueue(ctx.jobs) });
    if (resumed > 0) ctx.log.info(`bulk actions resumed: ${resumed}`);
  },
});

/** The customers module's CustomerBulkQueue port, over the job queue. */
export function customerBulkQueue(jobs: JobQueue): CustomerBulkQueue {
  return {
    runBulkJobsOf: async (orgId) => {
      await jobs.send(customerBulkActionJob.name, { orgId }, { singletonKey: orgId });
    },
  };
}
