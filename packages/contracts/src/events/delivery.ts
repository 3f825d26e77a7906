import { z } from 'zod';

import { wordingSchema } from '../emails/email-template';

/**
 * Delivery (issue 12): what the sender records about an email it handed to a mail server, and
 * the two ways a person sends one by hand. Why one is `unknown` or `failure` is its status reason
 * (event.ts: outcome_unknown, rejected, retries_exhausted, not_sendable, not_configured).
 */

/** What the sender kept of a hand-off, on the event's detail. Null fields: not handed off yet. */
export const deliveryDetailSchema = z.object({
  /** Our own Message-ID header, kept so replies and bounces can be matched. */
  message_id: z.string().nullable(),
  /** The mail server's last answer, in its own words (accepted or refused). */
  smtp_response: z.string().nullable(),
  /** Hand-offs tried so far. */
  attempts: z.number().int(),
  /** When the sender tries again after a transient refusal; null when it will not. */
  next_attempt_at: z.string().nullable(),
  /** It can be sent now by hand: pending, a draft, unknown or failed (`POST /api/events/execute/{id}/`). */
  can_execute: z.boolean(),
});
export type DeliveryDetail = z.infer<typeof deliveryDetailSchema>;

/** `POST /api/events/execute/{eventId}/`: no body. The answer is the event as it stands after the attempt. */
export const executeEventParamsSchema = z.object({ eventId: z.uuid() });

/**
 * `POST /api/emails/{emailId}/send_to_me`: the customer the editor's preview shows, and for a
 * `full` template the wording shown (its number in the preview's `wordings`; 1 when absent), so
 * exactly the letter previewed is sent (issue 29). Without a customer: the organisation's top
 * debtor, else a made-up sample customer. The body may be left out.
 */
export const sendToMeRequestSchema = z.object({
  customer_id: z.uuid().optional(),
  wording: wordingSchema.optional(),
});
export type SendToMeRequest = z.infer<typeof sendToMeRequestSchema>;

export const sendToMeResponseSchema = z.object({
  /** The signed-in user's address it went to. */
  to: z.string(),
  /** The customer whose figures filled the merge fields: the one asked for, else the top debtor, else a sample. */
  sample_customer: z.string(),
  subject: z.string(),
  message_id: z.string(),
  smtp_response: z.string(),
});
export type SendToMeResponse = z.infer<typeof sendToMeResponseSchema>;
