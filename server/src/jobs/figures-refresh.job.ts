import { z } from 'zod';

import { forEachOrganisation, total } from '../db/for-each-organisation';
import { refreshCustomerFigures } from '../modules/customers/refresh-customer-figures';
import { readOrganisationToday } from '../modules/organisation/organisation-today';

import { sendSchedulingPass } from './chasing-schedule.job';
import { defineJob, type JobContext } from './job-definition';

/**
 * Keeps derived figures and standings true as days pass (docs/domain.md): an invoice due yesterday
 * is overdue today without anyone touching it. Hourly, because each organisation's "today" turns
 * in its own time zone; the pass writes only customers whose figures changed, so repeats are
 * cheap and a missed hour (or several workers) does no harm. Also run when a worker starts.
 * Each run then sends the scheduler's pass (chasing.schedule), which plans from the standings it
 * has just moved on: chained rather than on a cron of its own, so it never plans from the hour before.
 */
export const figuresRefreshJob = defineJob({
  name: 'figures.refresh',
  schedule: '5 * * * *',
  data: z.object({}),
  pollingIntervalSeconds: 2,
  handle: async (ctx) => {
    const changed = await refreshFiguresForAllOrganisations(ctx);
    if (changed > 0) ctx.log.info(`figures refreshed: ${changed} customers changed`);
    await sendSchedulingPass(ctx.jobs);
  },
  onWorkerStart: async (ctx) => {
    // The app may have been down when the day turned.
    await ctx.jobs.send(figuresRefreshJob.name, {});
  },
});

/** Recompute every organisation's customer figures as of its own local date; how many changed. */
export async function refreshFiguresForAllOrganisations(ctx: Pick<JobContext, 'db' | 'now'>): Promise<number> {
  const now = ctx.now();
  const changed = await forEachOrganisation(ctx.db, async (tx, orgId) =>
    refreshCustomerFigures(tx, orgId, { today: await readOrganisationToday(tx, orgId, now), now }),
  );
  return total(changed);
}
