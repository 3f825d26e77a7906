import { z } from 'zod';

import { calendarDateSchema } from '../common/dates';
import { listResponseSchema } from '../common/list';
import { pageQuerySchema } from '../common/paging';
import { contactInputSchema } from '../customers/customer-write';

import { outOfOfficeSchema, triageSuggestionSchema } from './triage';

/**
 * `POST /api/inbound/email` (decision 0021): a raw message from a forwarding service, for an
 * organisation known by its inbound secret. 202 with where the message went: `stored` (kept; on a
 * customer when `customer_id` is set, else unassigned), `duplicate` (a message with its Message-ID
 * was already kept), `ignored` (a delivery report about an email that is not ours).
 */
export const inboundWebhookResponseSchema = z.object({
  status: z.enum(['stored', 'duplicate', 'ignored']),
  kind: z.enum(['reply', 'auto_reply', 'bounce']).nullable(),
  inbound_email_id: z.uuid().nullable(),
  customer_id: z.uuid().nullable(),
  /** The `incoming` event it became, for its page; null while unassigned and for a bounce. */
  event_id: z.uuid().nullable(),
  /** True when it paused the customer's chasing. */
  paused: z.boolean(),
});
export type InboundWebhookResponse = z.infer<typeof inboundWebhookResponseSchema>;

/** The content types the webhook takes: the raw message as it is, however the service labels it. */
export const INBOUND_WEBHOOK_CONTENT_TYPES = ['message/rfc822', 'text/plain', 'application/octet-stream'] as const;

/**
 * `POST /api/settings/email/inbound-secret`: a new secret for the inbound webhook, replacing the
 * old one at once. Shown this once: only its hash is kept.
 */
export const inboundSecretSchema = z.object({
  secret: z.string(),
  /** Where a forwarding service posts raw messages, with the secret as its Bearer token or Basic password. */
  webhook_url: z.string(),
  created_at: z.iso.datetime({ offset: true }),
});
export type InboundSecret = z.infer<typeof inboundSecretSchema>;

/** How a received message found its customer (decision 0021, "Matching"); null while unassigned. */
export const INBOUND_MATCHES = ['token', 'message_id', 'sender', 'hand'] as const;
export const inboundMatchSchema = z.enum(INBOUND_MATCHES);
export type InboundMatch = z.infer<typeof inboundMatchSchema>;

export const INBOUND_MATCH_LABELS: Record<InboundMatch, string> = {
  token: 'By its reply address',
  message_id: 'By the email it answers',
  sender: 'By the sender’s address',
  hand: 'Attached by hand',
};

/** A reply from a person, or an automatic one (out of office and the like). */
export const inboundKindSchema = z.enum(['reply', 'auto_reply']);
export type InboundKind = z.infer<typeof inboundKindSchema>;

/**
 * What a person can do with a reply's triage suggestion (decision 0021, "Triage"), each audited and
 * on the timeline: pause while a payment it claims is checked; record a promised date and pause
 * until then; mark the debt disputed and pause; replace the contact; send the copy of the open
 * invoices it asks for; pause; or dismiss the suggestion.
 */
export const TRIAGE_ACTIONS = ['mark_paid', 'record_promise', 'mark_disputed', 'replace_contact', 'send_copy', 'pause', 'dismiss'] as const;
export const triageActionSchema = z.enum(TRIAGE_ACTIONS);
export type TriageAction = z.infer<typeof triageActionSchema>;

/** What was done with a reply, in the words the reply's page and the audit log use ("Promise recorded"). */
export const TRIAGE_DONE_LABELS: Record<TriageAction, string> = {
  mark_paid: 'Paused 7 days to check the payment',
  record_promise: 'Promise recorded',
  mark_disputed: 'Marked disputed',
  replace_contact: 'Contact replaced',
  send_copy: 'Invoice copy sent',
  pause: 'Chasing paused',
  dismiss: 'Suggestion dismissed',
};

export const inboundAttachmentSchema = z.object({
  id: z.uuid(),
  filename: z.string().nullable(),
  content_type: z.string(),
  size: z.number().int(),
  /** False when it was larger than the limit: listed, but its bytes were not kept. */
  stored: z.boolean(),
});
export type InboundAttachment = z.infer<typeof inboundAttachmentSchema>;

/** An address as a message gives it: the address and the name written beside it, if any. */
export const mailboxSchema = z.object({ address: z.string(), name: z.string().nullable() });
export type Mailbox = z.infer<typeof mailboxSchema>;

/**
 * The customer a received email no customer was found for looks like it is from (decision 0044):
 * the one customer with a contact at the sender's domain, not a free-mail one. The address of
 * theirs that shares it is named, so a person can see why.
 */
export const suggestedCustomerSchema = z.object({
  customer_id: z.uuid(),
  name: z.string(),
  /** A contact of that customer at the same domain as the sender. */
  contact_email: z.string(),
  domain: z.string(),
});
export type SuggestedCustomer = z.infer<typeof suggestedCustomerSchema>;

/** One received message as a list shows it (the unassigned inbox). */
export const inboundEmailRowSchema = z.object({
  id: z.uuid(),
  kind: inboundKindSchema,
  from: mailboxSchema.nullable(),
  subject: z.string(),
  /** The first words of its visible text. */
  snippet: z.string(),
  received_at: z.iso.datetime({ offset: true }),
  read: z.boolean(),
  customer_id: z.uuid().nullable(),
  event_id: z.uuid().nullable(),
  /** While unassigned: the customer its sender's domain points to, offered in one click (decision 0044); else null. */
  suggested_customer: suggestedCustomerSchema.nullable(),
});
export type InboundEmailRow = z.infer<typeof inboundEmailRowSchema>;

/**
 * One received message whole (`GET /api/inbound/{id}/`, and an incoming event's `reply`): the
 * visible text (quoted history stripped), the full text and HTML as received, its files, what it
 * was read as (auto-reply signals, an out-of-office's return day and stand-in, a triage
 * suggestion) and what a person did about it.
 */
export const inboundEmailDetailSchema = inboundEmailRowSchema.extend({
  to: z.array(z.string()),
  visible_text: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  attachments: z.array(inboundAttachmentSchema),
  matched_by: inboundMatchSchema.nullable(),
  answers_event_id: z.uuid().nullable(),
  auto_reply: z.object({ signals: z.array(z.string()), out_of_office: outOfOfficeSchema }).nullable(),
  triage: triageSuggestionSchema.nullable(),
  triage_action: triageActionSchema.nullable(),
  triage_acted_at: z.iso.datetime({ offset: true }).nullable(),
  triage_actor_name: z.string().nullable(),
  /** The email we sent in answer to it (the invoice copy it asked for), when one was. */
  answer_event_id: z.uuid().nullable(),
});
export type InboundEmailDetail = z.infer<typeof inboundEmailDetailSchema>;

export const inboundEmailListResponseSchema = listResponseSchema(inboundEmailRowSchema);
export type InboundEmailListResponse = z.infer<typeof inboundEmailListResponseSchema>;

/** `GET /api/inbound/unassigned/`: messages no customer was found for, newest first. */
export const inboundListQuerySchema = pageQuerySchema;

export const inboundIdParamsSchema = z.object({ id: z.uuid() });
export const inboundAttachmentParamsSchema = z.object({ id: z.uuid(), attachmentId: z.uuid() });

/** `GET /api/inbound/counts/`: for the menu and the inbox tab. */
export const inboundCountsSchema = z.object({
  /** Received messages nobody has opened yet. */
  unread: z.number().int(),
  /** Messages waiting for a person to attach them to a customer. */
  unassigned: z.number().int(),
});
export type InboundCounts = z.infer<typeof inboundCountsSchema>;

/** `POST /api/inbound/{id}/assign`: attach an unassigned message to a customer. */
export const inboundAssignSchema = z.strictObject({ customer_id: z.uuid() });
export type InboundAssign = z.infer<typeof inboundAssignSchema>;

/** `POST /api/inbound/{id}/triage`: act on a reply (a person always confirms). A field the action does not take is refused. */
export const triageActionInputSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('mark_paid') }),
  z.strictObject({ action: z.literal('record_promise'), promised_on: calendarDateSchema }),
  z.strictObject({ action: z.literal('mark_disputed') }),
  z.strictObject({ action: z.literal('replace_contact'), ...contactInputSchema.pick({ email: true, name: true }).shape }),
  z.strictObject({ action: z.literal('send_copy') }),
  z.strictObject({ action: z.literal('pause') }),
  z.strictObject({ action: z.literal('dismiss') }),
]);
export type TriageActionInput = z.infer<typeof triageActionInputSchema>;

/** One open invoice as the copy lists it. */
export const invoiceCopyLineSchema = z.object({
  number: z.string(),
  due_date: z.iso.date(),
  /** Still to pay, in minor units of the customer's currency. */
  amount_remaining: z.number().int(),
  /** Where it can be read and paid online, when it has such a link. */
  payment_url: z.string().nullable(),
});
export type InvoiceCopyLine = z.infer<typeof invoiceCopyLineSchema>;

/**
 * `GET /api/inbound/{id}/copy/`: the copy of the customer's open invoices that "send the copy"
 * would send in answer to this reply (decision 0021, "Sending the copy"), for the confirmation:
 * to whom, its subject, the invoices and their total, and the email itself.
 */
export const invoiceCopyPreviewSchema = z.object({
  to: mailboxSchema,
  subject: z.string(),
  invoices: z.array(invoiceCopyLineSchema),
  total: z.number().int(),
  currency: z.string(),
  html: z.string(),
  text: z.string(),
});
export type InvoiceCopyPreview = z.infer<typeof invoiceCopyPreviewSchema>;

/** One email of a conversation: what we sent and each answer to it, oldest first. */
export const threadEntrySchema = z.object({
  event_id: z.uuid(),
  direction: z.enum(['outbox', 'inbox']),
  subject: z.string(),
  from: z.string().nullable(),
  at: z.string(),
  /** A received one's kind; null for ours. */
  inbound_kind: inboundKindSchema.nullable(),
});
export type ThreadEntry = z.infer<typeof threadEntrySchema>;
