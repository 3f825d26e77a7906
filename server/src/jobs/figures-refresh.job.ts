/**
 * Keeps derived figures and standings true as days pass (DESIGN §3): an invoice due yesterday is
 * overdue today without anyone touching it. Hourly, because each organisation's "today" turns in
 * its own time zone; the pass writes only customers whose figures changed, so repeats are cheap
 * and a missed hour (or several workers) does no harm.
 */
export const FIGURES_REFRESH_JOB = 'figures.refresh';
export const FIGURES_REFRESH_CRON = '5 * * * *';
