import { sql } from 'drizzle-orm';
import { type AnyPgColumn, date, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { idColumn, orgIdColumn, timestampColumns } from './columns';
import { customer } from './customers';
import { invoice } from './invoices';
import { chaseStandingEnum, emailKindEnum, emailTemplate, toneEnum, workflow, workflowAction } from './workflows';

// The value lists mirror the contracts' zod enums (docs/domain.md#events).
export const eventDirectionEnum = pgEnum('event_direction', ['outbox', 'inbox']);
/** A notice the product writes itself rather than a workflow's step (decision 0023). */
export const eventNoticeEnum = pgEnum('event_notice', ['payment_declined']);
/**
 * What kind of answer to a received email an event is (decisions 0021, 0044): the invoice copy the
 * reply asked for (one per received email), or an email a person wrote in answer (as many as they write).
 */
export const eventAnswerEnum = pgEnum('event_answer', ['invoice_copy', 'written']);
export type EventAnswerKind = (typeof eventAnswerEnum.enumValues)[number];
export const eventStatusEnum = pgEnum('event_status', [
  'pending',
  'success',
  'draft_success',
  'failure',
  'superseded',
  'incoming',
  'unknown',
]);

/** An address as an event records it: what the email was (or will be) addressed to. */
export interface EventRecipient {
  name: string | null;
  email: string;
}

/**
 * One email the product planned, sent or received (docs/domain.md#events). A planned email is a
 * `pending` row whose content is rendered when read or sent; what was sent is kept as sent.
 */
export const event = pgTable(
  'event',
  {
    id: idColumn(),
    orgId: orgIdColumn(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    direction: eventDirectionEnum('direction').notNull(),
    status: eventStatusEnum('status').notNull(),
    /** Null for a received email. */
    kind: emailKindEnum('kind'),
    tone: toneEnum('tone'),
    /** The template, workflow and step that planned it; kept as null if those are deleted later. */
    emailId: uuid('email_id').references(() => emailTemplate.id, { onDelete: 'set null' }),
    workflowId: uuid('workflow_id').references(() => workflow.id, { onDelete: 'set null' }),
    workflowActionId: uuid('workflow_action_id').references(() => workflowAction.id, { onDelete: 'set null' }),
    /** The standing episode it chases: the standing and when the customer entered it. */
    standing: chaseStandingEnum('standing'),
    episodeStart: timestamp('episode_start', { withTimezone: true }),
    /** The day the workflow asked for (episode's first day + delay), in the organisation's zone. */
    dueDay: date('due_day', { mode: 'string' }),
    /** When it goes (or went) out: the first allowed slot on or after its due day. */
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    toAddresses: jsonb('to_addresses').$type<EventRecipient[]>().notNull().default([]),
    ccAddresses: jsonb('cc_addresses').$type<EventRecipient[]>().notNull().default([]),
    fromAddress: text('from_address'),
    subject: text('subject'),
    html: text('html'),
    text: text('text'),
    messageId: text('message_id'),
    inReplyTo: text('in_reply_to'),
    /**
     * For an email we wrote in answer to one received (the invoice copy a reply asked for, decision
     * 0021): that received email's event. Its content is written when it is made, not rendered from a
     * template, and it is not a reminder: it counts towards neither the weekly cap nor reminders sent.
     */
    answersEventId: uuid('answers_event_id').references((): AnyPgColumn => event.id, { onDelete: 'set null' }),
    /** Which kind of answer it is; null exactly when `answers_event_id` was never set. */
    answer: eventAnswerEnum('answer'),
    /**
     * A notice the product wrote itself, not a workflow's step: `payment_declined`, the payment link
     * sent at once after Stripe reported a hard decline (decision 0023). Its content is written when
     * it is made, like an answer's; unlike an answer it is chasing, so it counts towards the weekly cap.
     */
    notice: eventNoticeEnum('notice'),
    /** The invoice a notice is about: it is not sent once that invoice is no longer open. */
    invoiceId: uuid('invoice_id').references(() => invoice.id, { onDelete: 'set null' }),
    error: text('error'),
    /** Why it is where it is: why superseded, deferred or unknown (a code, docs/domain.md#events). */
    statusReason: text('status_reason'),
    /** Why a pending email goes out later than its due day (the planner's defer reasons, in order). */
    deferred: jsonb('deferred').$type<string[]>().notNull().default([]),
    /** The user who last changed its status by hand (cancelled it, sent it now); null for the system. */
    actorId: uuid('actor_id'),
    /** Unique per planned email: customer, workflow step and standing episode. Null for received mail. */
    dedupeKey: text('dedupe_key'),
    /**
     * The sender's lease on a pending event (docs/domain.md#events-and-sending): set, in its own
     * committed transaction, before the SMTP hand-off; the status stays `pending` until the outcome
     * is known. A claim whose lease ran out with no outcome is `unknown`, never sent again on its own.
     */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** Hand-offs tried so far; a transient refusal releases the claim and waits for next_attempt_at. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** The mail server's last answer, in its own words (accepted or refused). */
    smtpResponse: text('smtp_response'),
    ...timestampColumns(),
  },
  (t) => [
    uniqueIndex('event_dedupe_key_uidx').on(t.orgId, t.dedupeKey),
    index('event_customer_idx').on(t.orgId, t.customerId, t.createdAt),
    index('event_status_scheduled_idx').on(t.orgId, t.status, t.scheduledFor),
    index('event_scheduled_idx').on(t.orgId, t.scheduledFor),
    // The sender's hot path across organisations: due pending events, oldest first.
    index('event_pending_due_idx').on(t.scheduledFor).where(sql`${t.status} = 'pending'`),
    // What the sender may claim, across organisations, oldest first: pending, not claimed, due (a
    // retried event waits for its next attempt). Query with the same expression to use it.
    index('event_sendable_idx')
      .on(sql`coalesce(${t.nextAttemptAt}, ${t.scheduledFor})`)
      .where(sql`${t.status} = 'pending' and ${t.claimedAt} is null`),
    // Claims whose lease may have run out: the crash sweep's.
    index('event_claimed_lease_idx').on(t.leaseUntil).where(sql`${t.status} = 'pending' and ${t.claimedAt} is not null`),
    // A reply's In-Reply-To or a bounce's returned Message-ID, found among ours (decision 0021).
    index('event_message_id_idx').on(t.orgId, t.messageId).where(sql`${t.messageId} is not null`),
    // One invoice copy per received email: a second "send the copy" finds the first instead of sending
    // twice. Written answers are as many as a person writes.
    uniqueIndex('event_answers_uidx').on(t.orgId, t.answersEventId).where(sql`${t.answer} = 'invoice_copy'`),
    // Hand-offs an organisation made in the last minute: the sender's per-organisation rate limit (decision 0020).
    // Deleting an invoice clears the notices about it (set null) without reading every event.
    index('event_invoice_idx').on(t.invoiceId).where(sql`${t.invoiceId} is not null`),
    index('event_org_claimed_idx').on(t.orgId, t.claimedAt).where(sql`${t.claimedAt} is not null`),
  ],
);

/**
 * Every status an event has had, with why and who: the detail screen's history. Appended, never
 * updated, so what happened to an email can always be told.
 */
export const eventStatusChange = pgTable(
  'event_status_change',
  {
    id: idColumn(),
    orgId: orgIdColumn(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => event.id, { onDelete: 'cascade' }),
    status: eventStatusEnum('status').notNull(),
    reason: text('reason'),
    actorId: uuid('actor_id'),
    at: timestamp('at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('event_status_change_event_idx').on(t.eventId, t.at)],
);
