import { organisationToday } from '@receivables/contracts';

import { domainRule } from '../../errors/domain-errors';

/** How far ahead of our clock a browser's may be: a call logged "now" on a fast clock is still now. */
const CLOCK_SKEW_MS = 5 * 60_000;

/** A call is logged after it happened (decision 0043): one dated later than now is a mistake. */
export function requireHappenedAtNotFuture(happenedAt: Date, now: Date): void {
  if (happenedAt.getTime() > now.getTime() + CLOCK_SKEW_MS) {
    throw domainRule('A call cannot be logged before it happens', 'happened_at', 'cannot be in the future');
  }
}

/**
 * A follow-up is for today or later, in the organisation's days (docs/domain.md, "today";
 * decision 0043): one set for yesterday would be overdue the moment it was written.
 */
export function requireFollowUpNotPast(day: string, now: Date, timeZone: string): void {
  const today = organisationToday(timeZone, now);
  if (day < today) throw domainRule('A follow-up cannot be set for a day already past', 'follow_up_on', `must be today (${today}) or later`);
}
