import { organisationToday } from '@receivables/contracts';

import { domainRule } from '../../errors/domain-errors';

/** How far ahead of our clock a payer's clock may be: an instant just past midnight is still today there. */
export const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * A payment cannot be dated after the organisation's today (decision 0037): money not yet received
 * would stop the chasing of a debt still owed. Any time of today is fine — the day is what is
 * judged, in the organisation's time zone — and so is an instant a few minutes ahead of our clock,
 * for a payer's clock that runs fast just before midnight.
 */
export function requirePaidAtNotFuture(paidAt: Date, now: Date, timeZone: string): void {
  if (paidAt.getTime() <= now.getTime() + CLOCK_SKEW_MS) return;
  if (organisationToday(timeZone, paidAt) > organisationToday(timeZone, now)) {
    throw domainRule('A payment cannot be dated in the future', 'paid_at', `cannot be in the future (after ${organisationToday(timeZone, now)})`);
  }
}
