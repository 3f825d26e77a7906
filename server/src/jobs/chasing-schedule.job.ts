import { z } from 'zod';

import { authOrganization } from '../db/schema';
import { addSummaries, noChanges, type ReconcileSummary } from '../modules/scheduling/reconcile-customers';
import { scheduleOrganisation } from '../modules/scheduling/schedule-organisation';
import type { SchedulingQueue } from '../org/scheduling-queue';

import { defineJob, type JobContext } from './job-definition';
import type { JobQueue } from './job-queue';

/**
 * The scheduler's pass (decision 0018): every chased customer's events made to match its plan.
 * Sent by the figures refresh once it has moved standings on (hourly, and when a worker starts —
 * the catch-up after an outage), so it always plans from fresh standings; and for one organisation
 * after a change to its workflows or chasing settings. `stately` keeps at most one waiting and one
 * running pass per key (an organisation, or "all"), so a burst of edits costs one pass. Two passes
 * at once are safe anyway: customers are locked chunk by chunk and every event has a dedupe key.
 */
export const chasingScheduleJob = defineJob({
  name: 'chasing.schedule',
  queue: { policy: 'stately', expireInSeconds: 60 * 60, retryLimit: 3, retryDelay: 60, retryBackoff: true },
  data: z.object({ orgId: z.uuid().optional() }),
  pollingIntervalSeconds: 2,
  handle: async (ctx, { orgId }) => {
    const summary = await scheduleOrganisations(ctx, orgId);
    if (summary.created + summary.moved + summary.superseded + summary.revived > 0) {
      ctx.log.info(`chasing scheduled: ${summary.created} created, ${summary.moved} moved, ${summary.superseded} superseded, ${summary.revived} planned again`);
    }
  },
});

/**
 * One organisation's pass, after a change to its workflows or settings: every chased customer is
 * planned again. Or the hourly pass over every organisation, one after another, which reads only
 * the customers whose plan may have changed since they were last planned (next-review.ts).
 */
export async function scheduleOrganisations(ctx: Pick<JobContext, 'db' | 'now'>, orgId?: string): Promise<ReconcileSummary> {
  const now = ctx.now();
  if (orgId) return scheduleOrganisation(ctx.db, orgId, now);
  const ids = (await ctx.db.select({ id: authOrganization.id }).from(authOrganization)).map((o) => o.id);
  let summary = noChanges();
  for (const id of ids) summary = addSummaries(summary, await scheduleOrganisation(ctx.db, id, now, { onlyDue: true }));
  return summary;
}

/** Ask for the pass over every organisation (after the figures refresh). */
export async function sendSchedulingPass(jobs: JobQueue): Promise<void> {
  await jobs.send(chasingScheduleJob.name, {}, { singletonKey: 'all' });
}

/** The scheduling module's port, over the job queue. */
export function schedulingQueue(jobs: JobQueue): SchedulingQueue {
  return {
    scheduleOrganisation: async (orgId) => {
      await jobs.send(chasingScheduleJob.name, { orgId }, { singletonKey: orgId });
    },
  };
}
