import { z } from 'zod';

import { emailAddressSchema } from '../common/email';
import { textSchema } from '../common/text';

import { sendingModeSchema } from './chasing-settings';
import { dkimSelectorSchema, domainNameSchema, oneLineText, smtpHostSchema, smtpPasswordSchema, smtpPortSchema } from './mail-inputs';

// Settings → Email (decision 0019): who mail is from, which server takes it, the DKIM key, and
// the sending mode. Secrets go in and never come out: the answers say only whether one is set.

/** How the connection to a mail server is secured: STARTTLS required, TLS from the start, or none. */
export const SMTP_SECURITIES = ['starttls', 'tls', 'none'] as const;
export const smtpSecuritySchema = z.enum(SMTP_SECURITIES);
export type SmtpSecurity = z.infer<typeof smtpSecuritySchema>;

/** Who reminders are from: `PUT /api/settings/email/sender`. Null clears a field. */
export const senderSettingsUpdateSchema = z.strictObject({
  from_name: oneLineText(100).nullable(),
  from_email: emailAddressSchema.nullable(),
  /** The domain replies are addressed to (`reply+<token>@<domain>`), when inbound mail is set up. */
  reply_to_domain: domainNameSchema.nullable(),
  signature: textSchema({ min: 1, max: 2000 }).nullable(),
});
export type SenderSettingsUpdate = z.infer<typeof senderSettingsUpdateSchema>;

/**
 * The mail server: `PUT /api/settings/email/mail-server`, and the same body to
 * `POST …/mail-server/test`. `instance` uses the server's default (SMTP_URL) and forgets the
 * organisation's own. For `organisation`, `password` absent keeps the stored one — only while
 * host, port and username are unchanged — `null` means none, a string replaces it.
 */
export const mailServerUpdateSchema = z.discriminatedUnion('source', [
  z.strictObject({ source: z.literal('instance') }),
  z.strictObject({
    source: z.literal('organisation'),
    host: smtpHostSchema,
    port: smtpPortSchema,
    security: smtpSecuritySchema,
    username: oneLineText(320).nullable(),
    password: smtpPasswordSchema.nullable().optional(),
  }),
]);
export type MailServerUpdate = z.infer<typeof mailServerUpdateSchema>;

/** What "Test connection" found, in our words and the server's own. A failed test is still a 200. */
export const MAIL_SERVER_TEST_STAGES = ['connect', 'tls', 'greeting', 'auth', 'done'] as const;
export const mailServerTestResultSchema = z.object({
  ok: z.boolean(),
  /** How far the conversation got: `done` when it succeeded. */
  stage: z.enum(MAIL_SERVER_TEST_STAGES),
  message: z.string(),
  /** The server's last words (its greeting on success, its refusal otherwise); null if it never answered. */
  server_response: z.string().nullable(),
});
export type MailServerTestResult = z.infer<typeof mailServerTestResultSchema>;

/** Generate a DKIM key for a domain: `POST /api/settings/email/dkim`. */
export const dkimKeyCreateSchema = z.strictObject({ domain: domainNameSchema, selector: dkimSelectorSchema });
export type DkimKeyCreate = z.infer<typeof dkimKeyCreateSchema>;

/** A DKIM key as shown: the DNS record to publish, never the private key. */
export const dkimKeySchema = z.object({
  domain: z.string(),
  selector: z.string(),
  created_at: z.string(),
  dns_record: z.object({ type: z.literal('TXT'), name: z.string(), value: z.string() }),
});
export type DkimKey = z.infer<typeof dkimKeySchema>;

/** What switching to `sending` still needs. */
export const SENDING_REQUIREMENTS = ['mail_server', 'from_email'] as const;

/** The sending mode and what goes with a change: `GET`/`PUT /api/settings/email/sending-mode`. */
export const sendingModeStateSchema = z.object({
  sending_mode: sendingModeSchema,
  /** Empty when `sending` may be chosen. */
  missing: z.array(z.enum(SENDING_REQUIREMENTS)),
  /** Planned emails due in the next 24 hours: what `sending` would deliver first. */
  due_next_24h: z.number().int(),
  /**
   * The first day (the organisation's, YYYY-MM-DD, today at the earliest: an overdue plan goes at
   * the next chance) on which planned emails go, and how many go that day; null with none planned.
   * "0 in the next 24 hours" on a Saturday hid the 19 going on Monday (decision 0046).
   */
  next_send: z.object({ day: z.string(), emails: z.number().int() }).nullable(),
});
export type SendingModeState = z.infer<typeof sendingModeStateSchema>;
export const sendingModeUpdateSchema = z.strictObject({ sending_mode: sendingModeSchema });
export type SendingModeUpdate = z.infer<typeof sendingModeUpdateSchema>;

/** Settings → Email as read: `GET /api/settings/email`, and the answer of each write but the mode's. */
export const emailSettingsSchema = z.object({
  sender: z.object({
    from_name: z.string().nullable(),
    from_email: z.string().nullable(),
    reply_to_domain: z.string().nullable(),
    signature: z.string().nullable(),
  }),
  mail_server: z.object({
    /** Which server mail goes through now: the organisation's own, the server's default, or none. */
    in_use: z.enum(['organisation', 'instance']).nullable(),
    /** Whether this installation has a default mail server (SMTP_URL). */
    instance_available: z.boolean(),
    own: z
      .object({
        host: z.string(),
        port: z.number().int(),
        security: smtpSecuritySchema,
        username: z.string().nullable(),
        has_password: z.boolean(),
      })
      .nullable(),
  }),
  dkim: dkimKeySchema.nullable(),
  sending: sendingModeStateSchema,
  /** Replies (decision 0021): whether a reply pauses chasing, and the inbound webhook. */
  inbound: z.object({
    pause_on_reply: z.boolean(),
    /** When the webhook's secret was made; null while there is none (the webhook then refuses everything). */
    webhook_secret_created_at: z.iso.datetime({ offset: true }).nullable(),
    /** Where a forwarding service posts raw messages. */
    webhook_url: z.string(),
  }),
});
export type EmailSettings = z.infer<typeof emailSettingsSchema>;

/** `PUT /api/settings/email/inbound`: whether a customer's reply pauses its chasing (decision 0021). */
export const inboundSettingsUpdateSchema = z.object({ pause_on_reply: z.boolean() });
export type InboundSettingsUpdate = z.infer<typeof inboundSettingsUpdateSchema>;
