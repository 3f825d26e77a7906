import { z } from 'zod';

import { resumeUnfinishedEventBulkJobs, runOrganisationEventBulkJobs } from '../modules/events/run-organisation-event-bulk-jobs';
import type { BulkJobQueue } from '../org/bulk-job-queue';

import { senderDeps } from './delivery-send.job';
import { defineJob } from './job-definition';
import type { JobQueue } from './job-queue';

/**
 * Runs an organisation's bulk Send now and Cancel over planned emails chosen on Activity (decision
 * 0045). One job per organisation, keyed by its id, as `customers.bulk`: its actions apply one at a
 * time in the order accepted, other organisations' beside it. Sending it again is harmless; a job
 * resumes after its last committed batch.
 */
export const eventBulkActionJob = defineJob({
  name: 'events.bulk',
  queue: {
    policy: 'stately',
    // 500 emails sent one by one through the mail server's timeouts can take minutes.
    expireInSeconds: 30 * 60,
    retryLimit: 3,
    retryDelay: 30,
    retryBackoff: true,
  },
  data: z.object({ orgId: z.uuid() }),
  pollingIntervalSeconds: 1,
  concurrency: () => 2,
  handle: async (ctx, { orgId }) => {
    await runOrganisationEventBulkJobs(senderDeps(ctx), orgId);
  },
  onWorkerStart: async (ctx) => {
    const resumed = await resumeUnfinishedEventBulkJobs({ db: ctx.db, bulk: eventBulkQueue(ctx.jobs) });
    if (resumed > 0) ctx.log.info(`bulk actions on emails resumed: ${resumed}`);
  },
});

/** The events module's bulk queue port, over the job queue. */
export function eventBulkQueue(jobs: JobQueue): BulkJobQueue {
  return {
    runBulkJobsOf: async (orgId) => {
      await jobs.send(eventBulkActionJob.name, { orgId }, { singletonKey: orgId });
    },
  };
}
