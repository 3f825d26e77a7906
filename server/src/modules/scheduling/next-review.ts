import { HORIZON_MS, type PlannedEmail } from './plan-customer';

/**
 * The earliest instant at which time alone can change what a customer's plan asks of its events,
 * once they match the plan made at `now`; null when nothing will by time alone (decision 0018,
 * "Which customers a pass reads"). Until then a pass has nothing to do for the customer unless
 * something about it changes — and every change (an invoice, a payment, a contact, a pause, a
 * workflow) reconciles it at once, or moves its standing episode, which a pass also reads.
 *
 * With its inputs fixed, a plan moves with the clock only when
 * - a step comes within the horizon and becomes a pending event (its send time less the horizon);
 * - a step with nobody to write to falls due, and is recorded as such (`recorded`: the steps of the
 *   episode already recorded so, which wait for a contact, not for the clock).
 * A step is skipped only when a later one's time has come before it was planned (decision 0036),
 * and a step comes within the horizon (and is planned) long before its time; a step already a
 * pending event is never skipped, and its falling due changes nothing for the
 * steps after it (they were placed after it already). Placing a step within the weekly cap does
 * not depend on the clock either: the cap's week is fixed by the reminders' own times. Earlier is
 * always safe: a review that finds nothing to change changes nothing. The property test in
 * scheduler-matches-preview.int.test.ts walks random customers from one review to the next.
 */
export function nextReviewAt(emails: readonly PlannedEmail[], now: Date, recorded: ReadonlySet<string> = new Set()): Date | null {
  let next = Number.POSITIVE_INFINITY;
  const consider = (at: number): void => {
    if (at > now.getTime() && at < next) next = at;
  };
  const horizon = now.getTime() + HORIZON_MS;
  for (const email of emails) {
    if (email.refusal === 'skipped') continue;
    const sendAt = email.sendAt.getTime();
    const isEvent = email.refusal === null && sendAt <= horizon;
    if (isEvent) continue;
    // Its lack of a recipient is on record already: only a new contact (a change, which reconciles) sends it.
    if (email.refusal === 'no_recipient' && !recorded.has(email.key)) consider(sendAt);
    else if (email.refusal === 'no_recipient') continue;
    else consider(sendAt - HORIZON_MS);
  }
  return Number.isFinite(next) ? new Date(next) : null;
}
