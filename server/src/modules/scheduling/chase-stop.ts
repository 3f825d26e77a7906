import type { ChaseStopReason, EventStatus } from '@receivables/contracts';

import type { PlanWorkflow } from './plan-context';
import type { CustomerPlanResult } from './plan-customer';
import type { CustomerPlanInput } from './plan-inputs';

/** Emails that went, may have gone, or are still to go out (plan-inputs.ts counts the first four towards the cap). */
const OUT_OR_PENDING: ReadonlySet<EventStatus> = new Set(['success', 'draft_success', 'unknown', 'failure', 'pending']);

/** When a customer's chasing stops, and why: what the scheduler records on the customer. */
export interface ChaseStop {
  reason: ChaseStopReason;
  /** The last planned email's time, or `now` when nothing is left to send. */
  at: Date;
}

/**
 * Where the chase of a customer who owes runs out (decision 0039): after the last email it will
 * still send (a pending event, or a step of its plan), nothing more goes, and this says why. A plan
 * reaches as far as its last step or the first repeat beyond the horizon, and a pass plans the
 * customer again before that repeat's time (next-review.ts), so a repeating step never reads as
 * stopped. Null when there is nothing to chase (good standing, paused) or when the organisation
 * has stopped all sending, which Settings and every screen already say.
 */
export function chaseStopOf(
  customer: Pick<CustomerPlanInput, 'standing' | 'events' | 'bounced'>,
  workflow: PlanWorkflow | null,
  plan: CustomerPlanResult,
  context: { sendingDisabled: boolean; now: Date },
): ChaseStop | null {
  const { now } = context;
  if (customer.standing !== 'single_missed' && customer.standing !== 'multiple_missed') return null;
  if (context.sendingDisabled) return null;
  if (!workflow) return { reason: 'no_workflow', at: now };
  if (!workflow.enabled) return { reason: 'workflow_disabled', at: now };

  // The last email of the episode that went or will go: sent, being sent, pending, or planned.
  const out = customer.events.filter((e) => e.inEpisode && OUT_OR_PENDING.has(e.status)).map((e) => e.at.getTime());
  const going = plan.emails.filter((e) => e.refusal === null).map((e) => e.sendAt.getTime());
  const last = Math.max(Number.NEGATIVE_INFINITY, ...out, ...going);
  const at = Number.isFinite(last) ? new Date(last) : now;
  // A step after it that had, or has, nobody to write to: that, not the workflow, stops the chase.
  const unaddressed =
    plan.emails.some((e) => e.refusal === 'no_recipient' && e.sendAt.getTime() > last) ||
    customer.events.some((e) => e.inEpisode && e.statusReason === 'no_recipient' && e.at.getTime() > last);
  if (unaddressed) return { reason: customer.bounced.length > 0 ? 'addresses_bounced' : 'no_contact', at };
  const hasSteps = workflow.steps.some((s) => s.standing === customer.standing);
  return { reason: hasSteps ? 'workflow_finished' : 'no_steps', at };
}
