import type { EmailSettings, MailServerUpdate, SenderSettingsUpdate, SmtpSecurity } from '@receivables/contracts';
import { isEmailAddress, isDomainName } from '@receivables/contracts';
import { z } from 'zod';

// The Email section's forms: the API's rules worded for a person (decision 0019), so most mistakes
// are caught before a round trip. The server still decides, and names the field.

const ONE_LINE = /^[^\u0000-\u001f\u007f]*$/;
const oneLine = 'Keep it on one line';

export const senderFormSchema = z.object({
  from_name: z.string().trim().max(100, 'At most 100 characters').regex(ONE_LINE, oneLine),
  from_email: z
    .string()
    .trim()
    .refine((v) => v === '' || isEmailAddress(v), 'Enter an address such as accounts@example.co.uk'),
  reply_to_domain: z
    .string()
    .trim()
    .refine((v) => v === '' || isDomainName(v), 'Enter a domain such as replies.example.co.uk'),
  signature: z.string().trim().max(2000, 'At most 2,000 characters'),
});
export type SenderFormValues = z.infer<typeof senderFormSchema>;
export const SENDER_FIELDS = ['from_name', 'from_email', 'reply_to_domain', 'signature'] as const;

export function senderFormValues(sender: EmailSettings['sender']): SenderFormValues {
  return {
    from_name: sender.from_name ?? '',
    from_email: sender.from_email ?? '',
    reply_to_domain: sender.reply_to_domain ?? '',
    signature: sender.signature ?? '',
  };
}

/** What is sent: an empty field clears its setting. */
export function senderUpdate(values: SenderFormValues): SenderSettingsUpdate {
  const orNull = (v: string) => (v.trim() === '' ? null : v.trim());
  return {
    from_name: orNull(values.from_name),
    from_email: orNull(values.from_email),
    reply_to_domain: orNull(values.reply_to_domain),
    signature: orNull(values.signature),
  };
}

const portMessage = 'Enter a port from 1 to 65535';

export const mailServerFormSchema = z
  .object({
    source: z.enum(['instance', 'organisation']),
    host: z.string().trim().max(253, 'At most 253 characters'),
    port: z.number({ error: portMessage }).int(portMessage).min(1, portMessage).max(65_535, portMessage),
    security: z.enum(['starttls', 'tls', 'none']),
    username: z.string().trim().max(320, 'At most 320 characters').regex(ONE_LINE, oneLine),
    password: z.string().max(512, 'At most 512 characters').regex(ONE_LINE, oneLine),
    /** Forget the saved password on save. */
    clear_password: z.boolean(),
  })
  .refine((v) => v.source === 'instance' || v.host !== '', { path: ['host'], message: 'Enter the mail server’s address' })
  .refine((v) => v.source === 'instance' || !/[\s/:]/.test(v.host), { path: ['host'], message: 'Only the host name, such as smtp.example.com' });
export type MailServerFormValues = z.infer<typeof mailServerFormSchema>;
export const MAIL_SERVER_FIELDS = ['source', 'host', 'port', 'security', 'username', 'password'] as const;

/** The usual port of each kind of connection, filled in when the security changes. */
export const DEFAULT_PORTS: Record<SmtpSecurity, number> = { starttls: 587, tls: 465, none: 25 };

export function mailServerFormValues(server: EmailSettings['mail_server']): MailServerFormValues {
  const own = server.own;
  return {
    source: own || !server.instance_available ? 'organisation' : 'instance',
    host: own?.host ?? '',
    port: own?.port ?? DEFAULT_PORTS.starttls,
    security: own?.security ?? 'starttls',
    username: own?.username ?? '',
    password: '',
    clear_password: false,
  };
}

/**
 * What is sent: a typed password replaces the saved one; an empty field keeps it (the key is left
 * out) unless it is cleared, or there is no username to sign in with.
 */
export function mailServerUpdate(values: MailServerFormValues): MailServerUpdate {
  if (values.source === 'instance') return { source: 'instance' };
  const username = values.username.trim() === '' ? null : values.username.trim();
  const base = { source: 'organisation' as const, host: values.host.trim(), port: values.port, security: values.security, username };
  if (values.password !== '') return { ...base, password: values.password };
  if (values.clear_password || username === null) return { ...base, password: null };
  return base;
}
