import { z } from 'zod';

import type { ImportQueue } from '../modules/imports/import-queue';
import { resumeUnfinishedImports } from '../modules/imports/resume-unfinished-imports';
import { runOrganisationImports } from '../modules/imports/run-organisation-imports';

import { defineJob } from './job-definition';
import type { JobQueue } from './job-queue';

/**
 * Runs an organisation's started CSV imports (decision 0009). One job per ORGANISATION, keyed by
 * its id: the `stately` policy keeps at most one waiting and one running job per key, so one
 * organisation's imports run one at a time while different organisations' run side by side, up
 * to IMPORT_CONCURRENCY per worker process. Sending it again (a retried start, a second import,
 * a worker restart) is harmless; each import resumes after its last committed batch, so a job
 * pg-boss retries after a crash carries on where it stopped.
 */
export const customerImportJob = defineJob({
  name: 'customers.import',
  queue: {
    policy: 'stately',
    // 100,000 rows take well under a minute; the margin covers a slow database and several
    // imports in one run. A worker that dies mid-import leaves the job active until then, but a
    // restarted worker re-sends it at once.
    expireInSeconds: 15 * 60,
    retryLimit: 3,
    retryDelay: 30,
    retryBackoff: true,
  },
  data: z.object({ orgId: z.uuid() }),
  pollingIntervalSeconds: 1,
  concurrency: (settings) => settings.imports.concurrency,
  handle: async (ctx, { orgId }) => {
    await runOrganisationImports({ db: ctx.db, log: ctx.log }, orgId);
  },
  onWorkerStart: async (ctx) => {
    // The worker may have stopped in the middle of an import.
    const resumed = await resumeUnfinishedImports({ db: ctx.db, imports: importQueue(ctx.jobs) });
    if (resumed > 0) ctx.log.info(`imports resumed: ${resumed}`);
  },
});

/** The imports module's ImportQueue port, over the job queue. */
export function importQueue(jobs: JobQueue): ImportQueue {
  return {
    runImportsOf: async (orgId) => {
      await jobs.send(customerImportJob.name, { orgId }, { singletonKey: orgId });
    },
  };
}
