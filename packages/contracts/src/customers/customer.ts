import { z } from 'zod';

import { emailAddressSchema } from '../common/email';

/** The four standings (docs/domain.md, Standing) a customer can be in. */
export const standingSchema = z.enum(['in_good_standing', 'single_missed', 'multiple_missed', 'paused']);
export type Standing = z.infer<typeof standingSchema>;

/** docs/domain.md, Standing: why the system moved a customer from one standing to another. */
export const transitionReasonSchema = z.enum(['days_passed', 'to_multiple', 'to_single', 'debt_paid', 'debt_voided']);
export type TransitionReason = z.infer<typeof transitionReasonSchema>;

/**
 * Why a customer who owes and is not paused has nothing more planned (decision 0039): its workflow
 * has sent its last step, there is nobody to write to, every address bounced, its workflow is
 * disabled or has no steps for its standing, or there is no workflow at all.
 */
export const CHASE_STOP_REASONS = ['workflow_finished', 'no_contact', 'addresses_bounced', 'workflow_disabled', 'no_steps', 'no_workflow'] as const;
export const chaseStopReasonSchema = z.enum(CHASE_STOP_REASONS);
export type ChaseStopReason = z.infer<typeof chaseStopReasonSchema>;

/** A stop's reason as a finance team reads it: short enough for a chip, a list and a to-do line. */
export const CHASE_STOP_LABELS: Record<ChaseStopReason, string> = {
  workflow_finished: 'Workflow finished',
  no_contact: 'No contact to write to',
  addresses_bounced: 'Every address bounced',
  workflow_disabled: 'Workflow disabled',
  no_steps: 'No steps for its standing',
  no_workflow: 'No workflow',
};

/** What to do about a stop, one sentence each: the customer page and Home say it beside the reason. */
export const CHASE_STOP_ADVICE: Record<ChaseStopReason, string> = {
  workflow_finished: 'Its workflow has sent every step: call, send an email by hand, or move it to a workflow that goes further.',
  no_contact: 'Add a contact with an email address and chasing resumes.',
  addresses_bounced: 'Every address on file bounced: give the customer an address that accepts mail.',
  workflow_disabled: 'Enable the workflow, or move the customer to another one.',
  no_steps: 'Its workflow has no step for this standing: add one, or move the customer to another workflow.',
  no_workflow: 'Choose a default workflow in Settings, or give the customer one.',
};

export const contactRoleSchema = z.enum(['primary', 'escalation']);
export type ContactRole = z.infer<typeof contactRoleSchema>;

/**
 * Why the system paused a customer (decision 0021): the customer replied, an out-of-office named
 * a return date, or a person accepted a triage suggestion (says it has paid, promised a date,
 * disputes, asked to stop). A customer paused by hand has no reason.
 */
export const PAUSE_REASONS = ['reply', 'out_of_office', 'says_paid', 'promise', 'dispute', 'asked_to_stop'] as const;
export const pauseReasonSchema = z.enum(PAUSE_REASONS);
export type PauseReason = z.infer<typeof pauseReasonSchema>;

export const PAUSE_REASON_LABELS: Record<PauseReason, string> = {
  reply: 'The customer replied',
  out_of_office: 'The contact is out of the office',
  says_paid: 'Says it has paid: payment to be checked',
  promise: 'Promised to pay',
  dispute: 'Disputes the debt',
  asked_to_stop: 'Asked us to stop',
};

/** ISO 4217 code, upper case (GBP, EUR, USD…). */
export const currencySchema = z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code such as GBP');

export const contactSchema = z.object({
  id: z.uuid(),
  name: z.string().nullable(),
  email: emailAddressSchema,
  phone: z.string().nullable(),
  role: contactRoleSchema,
  /**
   * Set when an email to this address bounced for good (decision 0021): chasing no longer writes
   * to it until the address is changed. The reason is the remote server's.
   */
  undeliverable: z.object({ at: z.iso.datetime({ offset: true }), reason: z.string() }).nullable(),
});
export type Contact = z.infer<typeof contactSchema>;

export const tagSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  colour: z.string(),
});
export type Tag = z.infer<typeof tagSchema>;

/**
 * A customer as the API returns it. Money is an integer in minor units of `currency`;
 * `amount_overdue`, `n_invoices` and `due_date` are derived from its open invoices past due.
 */
export const customerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  currency: currencySchema,
  standing: standingSchema,
  standing_since: z.iso.datetime({ offset: true }),
  paused_until: z.iso.date().nullable(),
  workflow_id: z.uuid().nullable(),
  last_chase_at: z.iso.datetime({ offset: true }).nullable(),
  amount_overdue: z.number().int(),
  n_invoices: z.number().int().nonnegative(),
  /** The oldest overdue invoice's due date, or null when nothing is overdue. */
  due_date: z.iso.date().nullable(),
  external_ref: z.string().nullable(),
  /** The primary contact, or null when none has been recorded. */
  contact: contactSchema.nullable(),
  /** The escalation contact (finance director…), or null when none has been recorded. */
  escalation_contact: contactSchema.nullable(),
  tags: z.array(tagSchema),
  /**
   * Owes, is not paused, and nothing more will be sent (decision 0039): why, and since when (the
   * last email's time, or when nothing was left to plan). Null while chasing goes on, or when there
   * is nothing to chase.
   */
  chase_stopped: z.object({ reason: chaseStopReasonSchema, since: z.iso.datetime({ offset: true }) }).nullable(),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
});
export type Customer = z.infer<typeof customerSchema>;

/** The standings a customer's overdue invoices alone give: every one but `paused`. */
export const debtStandingSchema = standingSchema.exclude(['paused']);
export type DebtStanding = z.infer<typeof debtStandingSchema>;

/**
 * What a customer owes on its open invoices as of the organisation's today, in minor units of its
 * currency: `open` is everything still to pay, split into `overdue` (past its due date) and
 * `not_yet_due`, so the two always add up to `open`.
 */
export const customerBalanceSchema = z.object({
  open: z.number().int(),
  overdue: z.number().int(),
  not_yet_due: z.number().int(),
});
export type CustomerBalance = z.infer<typeof customerBalanceSchema>;

/**
 * One customer as `GET /api/customers/{id}/` and every single-customer write answer it: the list's
 * fields, its balance, and the standing its overdue invoices give whatever a pause says (what a
 * paused customer is underneath, and returns to on resume; equal to `standing` when not paused).
 */
export const customerDetailSchema = customerSchema.extend({
  balance: customerBalanceSchema,
  underlying_standing: debtStandingSchema,
  /** Why the system paused it, while paused (decision 0021); null when a person paused it or it is not paused. */
  pause_reason: pauseReasonSchema.nullable(),
  /** The received email that paused it, for its page (`/emails/{id}`); null when none did. */
  pause_event_id: z.uuid().nullable(),
  /** When Stripe said the customer it came from was deleted (decision 0022): kept here, no longer synced; else null. */
  stripe_deleted_at: z.iso.datetime({ offset: true }).nullable(),
  /**
   * Money received on account that no open invoice has taken (decision 0037), in minor units of
   * the customer's currency: what the customer has paid ahead. Not part of `balance`.
   */
  credit: z.number().int().nonnegative(),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

export const customerIdParamsSchema = z.object({ id: z.uuid() });
