import { z } from 'zod';

import { listResponseSchema } from '../common/list';
import { standingSchema, transitionReasonSchema } from '../customers/customer';
import { emailKindSchema } from '../emails/email-template';
import { eventDirectionSchema, eventStatusSchema, statusReasonSchema } from '../events/event';
import { dataSourceSchema, invoiceStatusSchema } from '../invoices/invoice';
import { callOutcomeSchema, customerNoteKindSchema } from '../notes/customer-note';

const base = { id: z.uuid(), at: z.iso.datetime({ offset: true }) };

/** One change of one field in an edit: its value before and after (null when absent). */
export const fieldChangeSchema = z.object({ from: z.unknown(), to: z.unknown() });
export type FieldChange = z.infer<typeof fieldChangeSchema>;

/**
 * One entry of a customer's timeline, newest first by when it happened (`at`): a transition when
 * the system moved the customer, a payment when it was paid, an invoice on the day it was issued
 * (midnight UTC of `issued_on`, which has no time of day), an edit when it was made, an email
 * (docs/domain.md#events-and-sending) when it was sent or received — a planned one when it is
 * due to go, a superseded one when it was superseded.
 */
export const timelineItemSchema = z.discriminatedUnion('kind', [
  z.object({ ...base, kind: z.literal('standing_transition'), from: standingSchema, to: standingSchema, reason: transitionReasonSchema }),
  z.object({
    ...base,
    kind: z.literal('payment'),
    amount: z.number().int(),
    currency: z.string(),
    invoice_number: z.string().nullable(),
    /** A payment on account: the invoices it went to, oldest due first (decision 0037); empty otherwise. */
    allocations: z.array(z.object({ invoice_number: z.string(), amount: z.number().int() })),
  }),
  z.object({
    ...base,
    kind: z.literal('invoice'),
    number: z.string(),
    amount_due: z.number().int(),
    currency: z.string(),
    status: invoiceStatusSchema,
    /** The calendar date the invoice was issued: `at` is its midnight UTC. */
    issued_on: z.iso.date(),
    /** Where it came from: an import (`csv`), Stripe, or the API and by hand (decision 0041: an import is not audited per invoice). */
    source: dataSourceSchema,
  }),
  z.object({
    ...base,
    kind: z.literal('edit'),
    /** Dotted verb such as `customer.update`, `contact.upsert`, `customer.pause`, `invoice.update`. */
    action: z.string(),
    entity: z.string(),
    entity_id: z.uuid(),
    /** The user who made the change; null for system or API-key writes. */
    actor_id: z.uuid().nullable(),
    /** That user's name as it is now; null for the system, or a user who no longer exists. */
    actor_name: z.string().nullable(),
    changes: z.record(z.string(), fieldChangeSchema),
    /** The names of what it points at (the invoice's number, a workflow's name), by id, as the audit log's (decision 0041). */
    names: z.record(z.string(), z.string()),
    /** The customer's currency, for amounts recorded without one. */
    currency: z.string().nullable(),
  }),
  z.object({
    ...base,
    kind: z.literal('email'),
    /** The event, for its page (`/emails/{event_id}`); the same as `id`. */
    event_id: z.uuid(),
    direction: eventDirectionSchema,
    status: eventStatusSchema,
    /** Why it was superseded or is unknown. */
    status_reason: statusReasonSchema.nullable(),
    email_kind: emailKindSchema.nullable(),
    /** The template it was written from; null for a received email or a deleted template. */
    email_name: z.string().nullable(),
    subject: z.string().nullable(),
    scheduled_for: z.string().nullable(),
    sent_at: z.string().nullable(),
    /** The user who last changed it by hand (cancelled it); both null when the system did. */
    actor_id: z.uuid().nullable(),
    actor_name: z.string().nullable(),
  }),
  z.object({
    ...base,
    /** A note written or a call logged (decision 0043), dated when it happened; `id` is the note's. */
    kind: z.literal('note'),
    note_kind: customerNoteKindSchema,
    body: z.string(),
    contact_name: z.string().nullable(),
    outcome: callOutcomeSchema.nullable(),
    follow_up_on: z.iso.date().nullable(),
    follow_up_done_at: z.string().nullable(),
    /** Who wrote it; both null when that user no longer exists. */
    actor_id: z.uuid().nullable(),
    actor_name: z.string().nullable(),
  }),
]);
export type TimelineItem = z.infer<typeof timelineItemSchema>;
export type TimelineItemKind = TimelineItem['kind'];

export const timelineResponseSchema = listResponseSchema(timelineItemSchema);
export type TimelineResponse = z.infer<typeof timelineResponseSchema>;
