import { addDays, daysLate, MS_PER_DAY, organisationToday, STATUS_REASON_LABELS } from '@receivables/contracts';

import { addressFor, type CustomerMail, type Recipient } from '../emails/load-customer-mail';
import type { MergeInvoice } from '../emails/merge-values';

import { nothingPlanned } from './nothing-planned';
import type { PlanContext, PlanStep, PlanWorkflow } from './plan-context';
import { type CustomerPlanInput, episodeHistory } from './plan-inputs';
import { firstSendAt, type PlanAction, type PlannedStep, planSchedule } from './plan-schedule';

/** How far ahead planned emails become events (decision 0018): the chasing calendar's span. */
export const HORIZON_DAYS = 14;
export const HORIZON_MS = HORIZON_DAYS * MS_PER_DAY;
/** After a notice (a declined card's payment link, decision 0023), the workflow's next email waits a day. */
export const NOTICE_QUIET_MS = MS_PER_DAY;

/** One email the plan would send: the step, when, to whom, and whether it can go at all. */
export interface PlannedEmail extends PlannedStep {
  step: PlanStep;
  /** Which sending of the step: 0 on its own day, n for its n-th repeat (decision 0036). */
  occurrence: number;
  /** The step and occurrence as one key: the step's id, with `#n` for a repeat (plan-inputs.ts, stepKeyOf). */
  key: string;
  to: Recipient[];
  cc: Recipient[];
  /** Why it will not be sent (skipped, or no contact for its kind); null when it will. */
  problem: string | null;
  /** Why it will not be sent, as the event's reason code; null when it will. */
  refusal: 'skipped' | 'no_recipient' | null;
  /** Reminders of the episode before this one: the `reminders_sent` merge field. */
  remindersSent: number;
  /** customer : step : episode — unique per organisation (decision 0018). */
  dedupeKey: string;
}

export interface CustomerPlanResult {
  /** Why nothing is planned, when nothing can be (paused, disabled, nothing overdue…). */
  note: string | null;
  emails: PlannedEmail[];
}

/**
 * The key that makes a planned email unique: the same step of the same episode is planned once;
 * a repeat of a repeating step carries its number (`#n`).
 */
export const dedupeKeyOf = (customerId: string, actionId: string, episode: string, occurrence = 0): string =>
  `${customerId}:${actionId}:${episode}${occurrence > 0 ? `#${occurrence}` : ''}`;

/** One sending of a step, as the planner places it: a step's own day, or one of its repeats. */
interface Sending {
  action: PlanAction;
  step: PlanStep;
  occurrence: number;
}

/**
 * The sendings of a workflow's steps to plan from `anchorDay` (decision 0036): each step once, and
 * each repeating step again every `repeatDays` until the next step of its standing has its day. Of
 * a repeat's past days only the latest is offered (earlier ones are simply over, not each recorded
 * as skipped), and future ones as far as one beyond the horizon, which is all a plan can place.
 */
function sendingsOf(steps: readonly PlanStep[], anchorDay: string, reachedDay: string, horizonDay: string): Sending[] {
  const sendings: Sending[] = [];
  const byDay = [...steps].sort((a, b) => a.delayDays - b.delayDays || a.position - b.position);
  for (const step of byDay) {
    const base = { id: step.id, standing: step.standing, position: step.position };
    sendings.push({ action: { ...base, delayDays: step.delayDays }, step, occurrence: 0 });
    const every = step.repeatDays;
    if (!every) continue;
    const until = byDay.find((s) => s.standing === step.standing && s.delayDays > step.delayDays)?.delayDays ?? Number.POSITIVE_INFINITY;
    // The latest repeat whose day has come by `reachedDay`; the ones before it are over.
    const latestPast = Math.floor(((daysLate(anchorDay, reachedDay) ?? 0) - step.delayDays) / every);
    for (let n = Math.max(1, latestPast); step.delayDays + n * every < until; n++) {
      sendings.push({ action: { ...base, id: `${step.id}#${n}`, delayDays: step.delayDays + n * every }, step, occurrence: n });
      if (addDays(anchorDay, step.delayDays + n * every) > horizonDay) break;
    }
  }
  return sendings;
}

/**
 * The plan of one customer under `workflow` at `now`: the one function behind the workflow
 * preview, the customer page and the scheduler (decision 0018), fed by loadPlanContext and
 * loadCustomerPlanInputs so the three read the same facts the same way. Pure.
 */
export function planCustomer(
  context: PlanContext,
  customer: CustomerPlanInput,
  workflow: PlanWorkflow | null,
  now: Date,
): CustomerPlanResult {
  if (!workflow) return { note: 'The organisation has no default workflow.', emails: [] };
  const { sending_mode: sendingMode } = context.chasing.settings;
  // In good standing, a workflow with reminders before the due date runs for the invoice coming due.
  const remindersBeforeDue = customer.anchorDay !== null && workflow.steps.some((s) => s.standing === 'in_good_standing');
  const note = nothingPlanned({ name: customer.name, standing: customer.standing }, workflow.enabled, sendingMode, remindersBeforeDue);
  if (note || customer.standing === 'paused' || customer.anchorDay === null) return { note, emails: [] };

  const history = episodeHistory(customer, now);
  const quietUntil = history.lastNotice ? new Date(history.lastNotice.getTime() + NOTICE_QUIET_MS) : undefined;
  const { timeZone } = context.chasing.calendar;
  // The day the plan can first send (planSchedule's own rule): the repeats whose day has come by then are over.
  const reachedAt = firstSendAt({
    now,
    ...(customer.paymentRetries ? { paymentRetries: customer.paymentRetries } : {}),
    ...(quietUntil ? { quietUntil } : {}),
  });
  const horizonDay = organisationToday(timeZone, new Date(now.getTime() + HORIZON_MS));
  const sendings = sendingsOf(workflow.steps, customer.anchorDay, organisationToday(timeZone, reachedAt), horizonDay);
  const byKey = new Map(sendings.map((s) => [s.action.id, s]));
  const addresses = new Map(workflow.steps.map((s) => [s.id, addressFor(customer, s.kind)]));
  const planned = planSchedule({
    now,
    standing: customer.standing,
    anchorDay: customer.anchorDay,
    actions: sendings.map((s) => s.action),
    calendar: context.chasing.calendar,
    weeklyCap: context.chasing.settings.weekly_cap,
    otherReminders: history.otherReminders,
    doneActionIds: history.doneActionIds,
    plannedActionIds: history.plannedActionIds,
    unsendableActionIds: new Set(sendings.filter((s) => addresses.get(s.step.id)?.problem).map((s) => s.action.id)),
    ...(history.lastOut ? { lastOut: history.lastOut } : {}),
    ...(history.lastOutDueDay ? { lastOutDueDay: history.lastOutDueDay } : {}),
    ...(customer.paymentRetries ? { paymentRetries: customer.paymentRetries } : {}),
    ...(quietUntil ? { quietUntil } : {}),
  });
  let remindersSent = history.remindersSent;
  const emails: PlannedEmail[] = [];
  for (const p of planned) {
    const sending = byKey.get(p.actionId);
    const address = sending ? addresses.get(sending.step.id) : undefined;
    if (!sending || !address) continue;
    const { step, occurrence } = sending;
    const refusal = p.skipped ? 'skipped' : address.problem ? 'no_recipient' : null;
    const problem = p.skipped ? STATUS_REASON_LABELS.skipped : address.problem;
    const dedupeKey = dedupeKeyOf(customer.id, step.id, customer.episode, occurrence);
    emails.push({ ...p, step, occurrence, key: p.actionId, to: address.to, cc: address.cc, problem, refusal, remindersSent, dedupeKey });
    if (!refusal) remindersSent++;
  }
  return { note: null, emails };
}

/** A customer's mail as the renderer wants it, from the planner's input and its overdue invoices. */
export function customerMailOf(customer: CustomerPlanInput, invoices: MergeInvoice[]): CustomerMail {
  return {
    customerId: customer.id,
    customerName: customer.name,
    standing: customer.standing,
    standingSince: customer.standingSince,
    workflowId: customer.ownWorkflowId,
    currency: customer.currency,
    primary: customer.primary,
    escalation: customer.escalation,
    bounced: customer.bounced,
    invoices,
  };
}

/** Why a plan that could run has no email: the workflow has no step for the standing, or every one is done. */
export function emptyPlanNote(workflow: PlanWorkflow, standing: string): string {
  return workflow.steps.some((s) => s.standing === standing)
    ? 'Every step for the customer’s standing has already gone out, or been stopped, in this episode.'
    : 'This workflow has no steps for the customer’s standing.';
}
