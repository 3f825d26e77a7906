const MS_PER_DAY = 86_400_000;

/**
 * Whole days from `dueDate` (YYYY-MM-DD) to `today` (YYYY-MM-DD): positive when late,
 * 0 on the due date, negative before it, null when there is no valid due date.
 * Both sides are calendar dates, so daylight-saving changes cannot shift the count.
 */
export function daysLate(dueDate: string | null | undefined, today: string): number | null {
  if (!dueDate) return null;
  const due = Date.parse(`${dueDate.slice(0, 10)}T00:00:00Z`);
  const now = Date.parse(`${today.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(due) || Number.isNaN(now)) return null;
  return Math.round((now - due) / MS_PER_DAY);
}

/** Today's calendar date (YYYY-MM-DD) in the given IANA time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  // en-CA formats as YYYY-MM-DD, which is what we want.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
