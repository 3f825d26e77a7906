import { MS_PER_DAY, STATUS_REASON_LABELS } from '@receivables/contracts';

import { addressFor, type CustomerMail, type Recipient } from '../emails/load-customer-mail';
import type { MergeInvoice } from '../emails/merge-values';

import { nothingPlanned } from './nothing-planned';
import type { PlanContext, PlanStep, PlanWorkflow } from './plan-context';
import { type CustomerPlanInput, episodeHistory } from './plan-inputs';
import { type PlannedStep, planSchedule } from './plan-schedule';

/** How far ahead planned emails become events (decision 0018): the chasing calendar's span. */
export const HORIZON_DAYS = 14;
export const HORIZON_MS = HORIZON_DAYS * MS_PER_DAY;
/** After a notice (a declined card's payment link, decision 0023), the workflow's next email waits a day. */
export const NOTICE_QUIET_MS = MS_PER_DAY;

/** One email the plan would send: the step, when, to whom, and whether it can go at all. */
export interface PlannedEmail extends PlannedStep {
  step: PlanStep;
  to: Recipient[];
  cc: Recipient[];
  /** Why it will not be sent (stale, or no contact for its kind); null when it will. */
  problem: string | null;
  /** Why it will not be sent, as the event's reason code; null when it will. */
  refusal: 'stale' | 'no_recipient' | null;
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

/** The key that makes a planned email unique: the same step of the same episode is planned once. */
export const dedupeKeyOf = (customerId: string, actionId: string, episode: string): string => `${customerId}:${actionId}:${episode}`;

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
  const note = nothingPlanned({ name: customer.name, standing: customer.standing }, workflow.enabled, sendingMode);
  if (note || (customer.standing !== 'single_missed' && customer.standing !== 'multiple_missed')) return { note, emails: [] };

  const history = episodeHistory(customer, now);
  const addresses = new Map(workflow.steps.map((s) => [s.id, addressFor(customer, s.kind)]));
  const planned = planSchedule({
    now,
    standing: customer.standing,
    standingSince: customer.standingSince,
    actions: workflow.steps,
    calendar: context.chasing.calendar,
    weeklyCap: context.chasing.settings.weekly_cap,
    otherReminders: history.otherReminders,
    doneActionIds: history.doneActionIds,
    plannedActionIds: history.plannedActionIds,
    unsendableActionIds: new Set(workflow.steps.filter((s) => addresses.get(s.id)?.problem).map((s) => s.id)),
    ...(history.lastOut ? { lastOut: history.lastOut } : {}),
    ...(customer.paymentRetries ? { paymentRetries: customer.paymentRetries } : {}),
    ...(history.lastNotice ? { quietUntil: new Date(history.lastNotice.getTime() + NOTICE_QUIET_MS) } : {}),
  });
  const steps = new Map(workflow.steps.map((s) => [s.id, s]));
  let remindersSent = history.remindersSent;
  const emails: PlannedEmail[] = [];
  for (const p of planned) {
    const step = steps.get(p.actionId);
    const address = addresses.get(p.actionId);
    if (!step || !address) continue;
    const refusal = p.stale ? 'stale' : address.problem ? 'no_recipient' : null;
    const problem = p.stale ? STATUS_REASON_LABELS.stale : address.problem;
    const dedupeKey = dedupeKeyOf(customer.id, step.id, customer.episode);
    emails.push({ ...p, step, to: address.to, cc: address.cc, problem, refusal, remindersSent, dedupeKey });
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
