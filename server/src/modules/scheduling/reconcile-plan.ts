import type { StatusReason } from '@receivables/contracts';

import type { PlanWorkflow } from './plan-context';
import { HORIZON_MS, type PlannedEmail } from './plan-customer';
import { type CustomerPlanInput, isFuturePending, type KnownEvent, stepKeyOf } from './plan-inputs';

/** What must change for one customer's events to match its plan (decision 0018). */
export interface Reconciliation {
  /** Planned emails with no event yet: pending, or recorded as superseded (skipped; no recipient once due). */
  create: { email: PlannedEmail; status: 'pending' | 'superseded'; reason: StatusReason | null }[];
  /** Future pending events still planned, whose time, deferral or recipients changed. */
  move: { event: KnownEvent; email: PlannedEmail }[];
  /** Events superseded by a plan change whose step is planned again within the horizon. */
  revive: { event: KnownEvent; email: PlannedEmail }[];
  /** Events to supersede with a known reason: a planned step that can no longer go out. */
  supersede: { event: KnownEvent; reason: StatusReason }[];
  /** Future pending events the plan no longer has: superseded, the reason found by `orphanReason`. */
  orphans: KnownEvent[];
}

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Compare a customer's plan with its events. A step becomes an event once it is within the
 * horizon; a skipped step is recorded as superseded at once, never sent; a step with no one to write
 * to is recorded as superseded `no_recipient` when its time comes (until then adding the contact
 * lets it go out). Pure: the caller writes the result.
 */
export function reconcilePlan(customer: CustomerPlanInput, emails: PlannedEmail[], now: Date): Reconciliation {
  const result: Reconciliation = { create: [], move: [], revive: [], supersede: [], orphans: [] };
  const horizon = now.getTime() + HORIZON_MS;
  const inEpisode = new Map(customer.events.filter((e) => e.inEpisode && stepKeyOf(e)).map((e) => [stepKeyOf(e), e]));
  const kept = new Set<string>();
  for (const email of emails) {
    const existing = inEpisode.get(email.key);
    const isDue = email.sendAt.getTime() <= now.getTime();
    const withinHorizon = email.sendAt.getTime() <= horizon;
    if (existing && isFuturePending(existing, now)) {
      kept.add(existing.id);
      if (email.refusal === 'no_recipient') result.supersede.push({ event: existing, reason: 'no_recipient' });
      else if (movedFrom(existing, email)) result.move.push({ event: existing, email });
    } else if (existing) {
      // Only a revivable superseded event is planned again (episodeHistory): bring it back, or make its end final.
      // A step that had nobody to write to keeps saying so until someone can be written to (decision 0039).
      if (existing.statusReason === 'no_recipient' && email.refusal !== null) continue;
      if (email.refusal === 'skipped' || (email.refusal === 'no_recipient' && isDue)) result.supersede.push({ event: existing, reason: email.refusal });
      else if (!email.refusal && withinHorizon) result.revive.push({ event: existing, email });
    } else if (email.refusal === 'skipped' || (email.refusal === 'no_recipient' && isDue)) {
      result.create.push({ email, status: 'superseded', reason: email.refusal });
    } else if (!email.refusal && withinHorizon) {
      result.create.push({ email, status: 'pending', reason: null });
    }
  }
  result.orphans = customer.events.filter((e) => isFuturePending(e, now) && !kept.has(e.id));
  return result;
}

/**
 * Whether a planned event must change to match the plan: its time, due day or recipients. Its
 * defer reasons change with them, never alone: planned later in its wait (past its due day, from a
 * later clock) the same slot is reached over fewer skipped days, and the reasons it was given when
 * planned — every day and window it had to skip — still explain it best. But for one: waiting for
 * Stripe's retries (decision 0023) is a state, not a skipped day, and it ends with the retries.
 */
function movedFrom(event: KnownEvent, email: PlannedEmail): boolean {
  const waits = (reasons: readonly string[]) => reasons.includes('payment_retry');
  return (
    event.scheduledFor?.getTime() !== email.sendAt.getTime() ||
    event.dueDay !== email.dueDay ||
    waits(event.deferred) !== waits(email.deferred) ||
    !sameJson(event.to, email.to) ||
    !sameJson(event.cc, email.cc)
  );
}

/**
 * Why a future pending event left the plan. Out of the customer's episode, the standing moved on:
 * the first transition after the episode began says how (paid, voided, or another standing); a
 * pause records none. Within the episode, the organisation stopped sending, the customer moved to
 * another workflow, the workflow was disabled, or the step was removed (or moved to another standing).
 */
export function orphanReason(
  event: KnownEvent,
  customer: CustomerPlanInput,
  workflow: PlanWorkflow | null,
  context: { sendingDisabled: boolean; endedBy: string | undefined },
): StatusReason {
  if (!event.inEpisode) {
    if (context.endedBy === 'debt_paid' || context.endedBy === 'debt_voided') return context.endedBy;
    if (context.endedBy === undefined && customer.standing === 'paused') return 'paused';
    return 'standing_changed';
  }
  if (context.sendingDisabled) return 'sending_disabled';
  // Within a chase, a step of the other overdue standing (one more invoice overdue, or one fewer).
  if (event.standing !== null && event.standing !== customer.standing) return 'standing_changed';
  if (!workflow || event.workflowId !== workflow.id) return 'workflow_changed';
  if (!workflow.enabled) return 'workflow_disabled';
  return 'step_removed';
}
