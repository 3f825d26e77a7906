import { MS_PER_DAY } from '@receivables/contracts';
const WEEK_MS = 7 * MS_PER_DAY;

/**
 * Whether one more reminder at `at` keeps every 7-day stretch at or under `cap` reminders, given
 * the customer's other reminders (sent or planned, any workflow). A rolling week rather than a
 * calendar week, so two on Friday and two on Monday cannot happen with a cap of 2.
 */
export function fitsWeeklyCap(at: Date, others: readonly Date[], cap: number): boolean {
  const times = [...others.map((d) => d.getTime()), at.getTime()];
  const t = at.getTime();
  // Only stretches that contain `at` can change; each starts at a reminder inside (at - 7 days, at].
  return times
    .filter((start) => start > t - WEEK_MS && start <= t)
    .every((start) => times.filter((x) => x >= start && x < start + WEEK_MS).length <= cap);
}

/** The earliest instant after which one more reminder could fit: when the oldest of the last `cap` in the week ages out. */
export function capFreesAt(at: Date, others: readonly Date[]): Date {
  const t = at.getTime();
  const recent = others.filter((d) => d.getTime() > t - WEEK_MS && d.getTime() <= t).sort((a, b) => a.getTime() - b.getTime());
  const oldest = recent[0];
  return oldest ? new Date(oldest.getTime() + WEEK_MS) : new Date(t + MS_PER_DAY);
}
