import type { APIRequestContext } from '@playwright/test';
import type { ReceivedMail, SmtpSink } from '@receivables/server/testing';

import { apiPut } from './api';

/** The from address journeys send from. */
export const JOURNEY_FROM = 'ar@journeys.example';

/**
 * Point the signed-in person's organisation at `sink` as its own mail server (Settings → Email,
 * issue 12: loopback, no TLS, no sign-in) with a from address, so the e2e server needs no
 * SMTP_URL and each journey reads what arrived in its own process. `sending` switches the mode
 * from dry run too; that starts a scheduling pass in the background, which may plan the default
 * workflow's reminders for debtors seeded afterwards.
 */
export async function sendMailThrough(request: APIRequestContext, sink: SmtpSink, { sending }: { sending: boolean }): Promise<void> {
  await apiPut(request, '/api/settings/email/mail-server', { source: 'organisation', host: sink.host, port: sink.port, security: 'none', username: null, password: null });
  await apiPut(request, '/api/settings/email/sender', { from_name: 'Journeys Receivables', from_email: JOURNEY_FROM, reply_to_domain: null, signature: null });
  if (sending) await apiPut(request, '/api/settings/email/sending-mode', { sending_mode: 'sending' });
}

/** A header of a received message as sent (unfolded); null when it has none. */
export function mailHeader(mail: ReceivedMail, name: string): string | null {
  const head = mail.raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line === undefined ? null : line.slice(name.length + 1).trim();
}

/** The messages the sink accepted with this Message-ID: one, when it was sent once. */
export function mailsWithMessageId(sink: SmtpSink, messageId: string): ReceivedMail[] {
  return sink.messages.filter((mail) => mailHeader(mail, 'Message-ID') === messageId);
}
