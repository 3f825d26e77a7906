import { z } from 'zod';


import { calendarDateSchema } from '../common/dates';
import { listResponseSchema } from '../common/list';
import { pageQuerySchema } from '../common/paging';
import { emailKindSchema, toneSchema } from '../emails/email-template';
import { inboundEmailDetailSchema, inboundKindSchema, mailboxSchema, threadEntrySchema } from '../inbound/inbound';
import { triageCategorySchema } from '../inbound/triage';
import { chaseStandingSchema, deferReasonSchema, previewRecipientSchema } from '../workflows/workflow';


import { deliveryDetailSchema } from './delivery';

/**
 * Where an email stands (docs/domain.md#events-and-sending): `pending` is planned and not yet sent,
 * `success` was handed to the mail server, `draft_success` was rendered in dry run and kept,
 * `failure` was refused (the error is kept), `superseded` will never be sent (the reason is kept),
 * `incoming` is a reply received, `unknown` was being sent when a worker stopped and is shown to
 * a person rather than resent.
 */
export const EVENT_STATUSES = ['pending', 'success', 'draft_success', 'failure', 'superseded', 'incoming', 'unknown'] as const;
export const eventStatusSchema = z.enum(EVENT_STATUSES);
export type EventStatus = z.infer<typeof eventStatusSchema>;

export const EVENT_STATUS_LABELS: Record<EventStatus, string> = {
  pending: 'Planned',
  success: 'Sent',
  draft_success: 'Draft',
  failure: 'Failed',
  superseded: 'Superseded',
  incoming: 'Received',
  unknown: 'Unknown',
};

export const eventDirectionSchema = z.enum(['outbox', 'inbox']);
export type EventDirection = z.infer<typeof eventDirectionSchema>;

/** Activity's tabs (docs/product.md#activity): what we send, what we receive, or both. */
export const EVENT_TABS = ['outbox', 'inbox', 'all'] as const;
export const eventTabSchema = z.enum(EVENT_TABS);
export type EventTab = z.infer<typeof eventTabSchema>;

/**
 * Why an email was superseded, deferred or left unknown (docs/domain.md#events). Superseded:
 * its reason to be sent went away before it was.
 */
export const STATUS_REASONS = [
  'debt_paid',
  'debt_voided',
  'standing_changed',
  'paused',
  'workflow_changed',
  'workflow_disabled',
  'step_removed',
  'stale',
  'skipped',
  'cancelled',
  'sending_disabled',
  'no_recipient',
  'nothing_owed',
  // Why an email is unknown or failed (the sender's, issue 12).
  'outcome_unknown',
  'rejected',
  'retries_exhausted',
  'not_sendable',
  'not_configured',
  // A delivery report said it could not be delivered (decision 0021).
  'bounced',
] as const;
export const statusReasonSchema = z.enum(STATUS_REASONS);
export type StatusReason = z.infer<typeof statusReasonSchema>;

export const STATUS_REASON_LABELS: Record<StatusReason, string> = {
  debt_paid: 'The overdue debt was paid',
  debt_voided: 'The overdue debt was voided or written off',
  standing_changed: 'The customer’s standing changed',
  paused: 'Chasing was paused for this customer',
  workflow_changed: 'The customer moved to another workflow',
  workflow_disabled: 'The workflow was disabled',
  step_removed: 'The workflow step was removed',
  stale: 'Too late to send: more days late than the step’s own delay',
  skipped: 'Skipped: a later step’s time had come when the customer reached it (it joined the workflow late, or chasing was held)',
  cancelled: 'Cancelled by hand',
  sending_disabled: 'Sending is disabled for the organisation',
  no_recipient: 'No contact to send it to',
  nothing_owed: 'Nothing to ask for: every invoice it would be about is paid, or Stripe is still retrying the card',
  outcome_unknown:
    'The sender stopped while handing this email to the mail server, so it may or may not have arrived. It is never sent again on its own: check with the customer, or send it again.',
  rejected: 'The mail server refused this email',
  retries_exhausted: 'The mail server could not be reached, or kept deferring it, and the sender gave up',
  not_sendable: 'The email could not be rendered or addressed when it fell due',
  not_configured: 'No mail server or from address is configured',
  bounced: 'The recipient’s mail server returned it as undeliverable',
};

/**
 * Notices the product writes itself rather than a workflow's step, by the name Activity gives them
 * (decision 0023): the payment link sent at once when Stripe reports a card it will not retry.
 */
export const EVENT_NOTICE_NAMES = { payment_declined: 'Declined card: payment link' } as const;
export type EventNotice = keyof typeof EVENT_NOTICE_NAMES;

const recipientsSchema = z.array(previewRecipientSchema);

/**
 * One row of Activity. The subject is the one stored with the event: for a pending email, as it
 * was rendered when planned (its detail renders it afresh from today's figures).
 */
export const eventRowSchema = z.object({
  id: z.uuid(),
  customer_id: z.uuid(),
  customer_name: z.string(),
  direction: eventDirectionSchema,
  status: eventStatusSchema,
  kind: emailKindSchema.nullable(),
  tone: toneSchema.nullable(),
  email_name: z.string().nullable(),
  /** The stored subject; a received email without one, or an event not yet rendered, reads "(no subject)". */
  subject: z.string(),
  to: recipientsSchema,
  /**
   * When it happened or will, the instant Activity sorts and filters by: when it was sent or
   * received, else when it is (or was) planned to go, else when it was recorded.
   */
  at: z.string(),
  scheduled_for: z.string().nullable(),
  sent_at: z.string().nullable(),
  status_reason: statusReasonSchema.nullable(),
  deferred: z.array(deferReasonSchema),
  /**
   * For a received email (decision 0021): a reply or an auto-reply, who wrote it (`to` is our
   * reply address), and whether anyone in the organisation has opened it; null for ours.
   */
  inbound: z
    .object({
      kind: inboundKindSchema,
      from: mailboxSchema.nullable(),
      read: z.boolean(),
      /** The start of what it says, quoted history and signature left out (decision 0040): the inbox reads without opening each. */
      snippet: z.string(),
      /** What it seems to say (decision 0021, triage), while nobody has acted on it; null when nothing was read in it. */
      triage: triageCategorySchema.nullable(),
    })
    .nullable(),
});
export type EventRow = z.infer<typeof eventRowSchema>;

export const eventListResponseSchema = listResponseSchema(eventRowSchema);
export type EventListResponse = z.infer<typeof eventListResponseSchema>;

/**
 * `GET /api/events/`: newest `at` first within the tab, optionally one customer, one status, a
 * range of days. Planned emails lie ahead of today, so the outbox opens on the furthest planned.
 */
export const eventListQuerySchema = pageQuerySchema
  .extend({
    customer_id: z.uuid().optional(),
    tab: eventTabSchema.default('outbox'),
    status: eventStatusSchema.optional(),
    /** The workflow that planned it (a received email has none). */
    workflow_id: z.uuid().optional(),
    /** Inclusive calendar days in the organisation's zone, on `at`. */
    from: calendarDateSchema.optional(),
    to: calendarDateSchema.optional(),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, { path: ['to'], message: 'must not be before from' });
export type EventListQuery = z.infer<typeof eventListQuerySchema>;

export const eventIdParamsSchema = z.object({ id: z.uuid() });

/** One entry of an event's history: each status it has had, why, who, when. */
export const eventHistoryEntrySchema = z.object({
  status: eventStatusSchema,
  reason: statusReasonSchema.nullable(),
  /** The user who did it; null when the system did. */
  actor_id: z.uuid().nullable(),
  /** That user's name as it is now; null for the system, or a user who no longer exists. */
  actor_name: z.string().nullable(),
  at: z.string(),
});
export type EventHistoryEntry = z.infer<typeof eventHistoryEntrySchema>;

/**
 * `GET /api/events/{id}/`: the email as the customer sees (or will see) it, and what happened to
 * it. A pending email whose template still exists is rendered afresh (`live_render`): subject,
 * recipients and content from the figures of the day it goes (`live_render_day`); anything
 * else is shown as stored.
 */
export const eventDetailSchema = eventRowSchema.extend(deliveryDetailSchema.shape).extend({
  cc: recipientsSchema,
  from: z.string().nullable(),
  html: z.string(),
  text: z.string(),
  workflow: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  standing: chaseStandingSchema.nullable(),
  due_day: z.string().nullable(),
  error: z.string().nullable(),
  /** Each status it has had, oldest first. */
  history: z.array(eventHistoryEntrySchema),
  /** A pending email can be cancelled; nothing else can. */
  can_cancel: z.boolean(),
  /** True while the content is rendered afresh (not yet sent). */
  live_render: z.boolean(),
  /**
   * The day a live rendering counts days late to (YYYY-MM-DD, the organisation's zone): the day it
   * is planned to go, or today when that has come; null when shown as stored. Sent, by the sender
   * or Send now, it says the figures of the day it goes (issue 29).
   */
  live_render_day: z.string().nullable(),
  /** Why it could not be addressed or rendered, when it cannot. */
  problem: z.string().nullable(),
  /** For a received email: the message as received and read (decision 0021); null for ours. */
  reply: inboundEmailDetailSchema.nullable(),
  /** The conversation it belongs to: the email we sent and each answer to it, oldest first (itself included). */
  thread: z.array(threadEntrySchema),
});
export type EventDetail = z.infer<typeof eventDetailSchema>;

/** `GET /api/workflows/calendar/`: the next days of chasing, per day and per workflow. */
export const chaseCalendarQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(31).default(14),
});
export type ChaseCalendarQuery = z.infer<typeof chaseCalendarQuerySchema>;

/** At most this many emails are listed per day and workflow; `count` counts them all. */
export const CALENDAR_EMAILS_MAX = 50;

export const chaseCalendarEmailSchema = z.object({
  event_id: z.uuid(),
  customer_id: z.uuid(),
  customer_name: z.string(),
  email_name: z.string().nullable(),
  kind: emailKindSchema.nullable(),
  send_at: z.string(),
});

export type ChaseCalendarEmail = z.infer<typeof chaseCalendarEmailSchema>;

/**
 * The pending emails of `days` days from the organisation's today, every day listed (an empty
 * one with count 0), each with its workflows by name and their emails by time. An email whose
 * workflow was deleted is under `workflow_id` null.
 */
export const chaseCalendarSchema = z.object({
  /** The organisation's today, first of `days` days. */
  from: z.string(),
  time_zone: z.string(),
  days: z.array(
    z.object({
      day: z.string(),
      count: z.number().int(),
      workflows: z.array(
        z.object({
          workflow_id: z.uuid().nullable(),
          workflow_name: z.string(),
          count: z.number().int(),
          /** The first {@link CALENDAR_EMAILS_MAX} by time. */
          emails: z.array(chaseCalendarEmailSchema),
        }),
      ),
    }),
  ),
});
export type ChaseCalendar = z.infer<typeof chaseCalendarSchema>;
export type ChaseCalendarDay = ChaseCalendar['days'][number];
