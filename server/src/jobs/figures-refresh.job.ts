import { z } from 'zod';

import { authOrganization } from '../db/schema';
import { refreshOrganisationFigures } from '../modules/customers/refresh-organisation-figures';

import { sendSchedulingPass } from './chasing-schedule.job';
import { defineJob, type JobContext } from './job-definition';

/**
 * Keeps derived figures and standings true as days pass (docs/domain.md): an invoice due yesterday
 * is overdue today without anyone touching it. Hourly, because each organisation's "today" turns
 * in its own time zone; the pass reads only the customers time can have changed since the last
 * one and writes only those whose figures did, so repeats are cheap and a missed hour, a missed
 * week (the window runs from the last pass's day) or several workers do no harm. Also run when a
 * worker starts.
 * Each run then sends the scheduler's pass (chasing.schedule), which plans from the standings it
 * has just moved on: chained rather than on a cron of its own, so it never plans from the hour before.
 */
export const figuresRefreshJob = defineJob({
  name: 'figures.refresh',
  schedule: '5 * * * *',
  // FIGURES_REFRESH_HOURLY=0 (the journeys' server) leaves only the pass at worker start.
  isScheduled: (settings) => settings.customers.hourlyFiguresRefresh,
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

/**
 * Bring every organisation's customer figures to its own local date, one organisation after
 * another; how many customers changed. Each organisation's pass recomputes only the customers
 * time can have changed since its last one, in short batches (refresh-organisation-figures.ts).
 */
export async function refreshFiguresForAllOrganisations(ctx: Pick<JobContext, 'db' | 'now'>): Promise<number> {
  const now = ctx.now();
  const organisations = await ctx.db.select({ id: authOrganization.id }).from(authOrganization);
  let changed = 0;
  for (const { id } of organisations) changed += (await refreshOrganisationFigures(ctx.db, id, { now })).changed;
  return changed;
}
