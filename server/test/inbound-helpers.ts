import { eq } from 'drizzle-orm';
import { createTransport } from 'nodemailer';

import { emailTemplate } from '../src/db/schema';
import { sendDueEmails } from '../src/modules/delivery/send-due-emails';
import { startInboundSmtpServer, type InboundSmtpServer } from '../src/modules/inbound/inbound-smtp-server';

import { configureMail, dueReminder, keptLog, type KeptLog, senderDepsFor } from './delivery-helpers';
import type { IntegrationEnv } from './integration-env';
import { okBody, type SignedUpUser, type SmtpSink, testConfig, withOrg } from './support';
import { readMail } from './support/mime-parts';

/** A Tuesday in January: London's wall clock is UTC, inside the default 09:00–17:00 window. */
export const SENT_AT = new Date('2026-01-13T10:00:00.000Z');

/**
 * The worker's reply listener on a random loopback port, over the test configuration's keys; at
 * the clock `now` when given (a bounce read at the sender's test clock), else the real one.
 */
export async function startTestListener(
  env: IntegrationEnv,
  options: { attachmentMaxBytes: number; maxBytes: number; now?: () => Date },
): Promise<{ listener: InboundSmtpServer; log: KeptLog }> {
  const config = testConfig();
  const log = keptLog();
  const { attachmentMaxBytes } = options;
  const deps = { db: env.db.db, replyKey: config.delivery.replyKey, attachmentMaxBytes, delivery: config.delivery, log };
  const listener = await startInboundSmtpServer(
    { ...deps, ...(options.now ? { now: options.now } : {}) },
    { host: '127.0.0.1', port: 0, maxBytes: options.maxBytes },
  );
  return { listener, log };
}

export interface ChasingOrg {
  user: SignedUpUser;
  domain: string;
  templateId: string;
}

/**
 * A signed-up organisation sending through the sink, with a reply domain of its own (set through
 * Settings → Email, so the domain is routed as in use).
 */
export async function replyingOrg(env: IntegrationEnv, sink: SmtpSink): Promise<ChasingOrg> {
  const user = await env.signUp();
  const domain = `in-${crypto.randomUUID().slice(0, 8)}.acme.example`;
  okBody(
    await user.api('PUT', '/api/settings/email/sender', {
      from_name: 'Acme Ltd',
      from_email: 'accounts@acme.example',
      reply_to_domain: domain,
      signature: null,
    }),
  );
  await configureMail(env.db.db, user.orgId, { sink, mode: 'sending' });
  const [template] = await withOrg(env.db.db, user.orgId, (tx) =>
    tx.select({ id: emailTemplate.id }).from(emailTemplate).where(eq(emailTemplate.kind, 'regular_email')).limit(1),
  );
  if (!template) throw new Error('sign-up gave no reminder template');
  return { user, domain, templateId: template.id };
}

/** A reminder really sent to `contactEmail` by the sender: its event, customer, Message-ID and signed Reply-To. */
export async function sentReminder(env: IntegrationEnv, sink: SmtpSink, org: ChasingOrg, contactEmail: string) {
  const due = await dueReminder(env.db.db, org.user.orgId, org.templateId, SENT_AT, contactEmail);
  const before = sink.messages.length;
  await sendDueEmails(senderDepsFor(env.db.db, () => SENT_AT), { orgId: org.user.orgId });
  const mail = sink.messages.slice(before).find((m) => m.to.includes(contactEmail));
  if (!mail) throw new Error(`no reminder reached ${contactEmail}`);
  const headers = readMail(mail.raw).headers;
  const replyTo = /reply\+[a-z2-7]+@[^>\s]+/i.exec(headers.get('reply-to') ?? '')?.[0];
  const messageId = headers.get('message-id');
  if (!replyTo || !messageId) throw new Error('the reminder had no Reply-To or Message-ID');
  return { ...due, replyTo, messageId };
}

/** Hand a raw message to an SMTP server as a sending mail server would. */
export async function deliver(server: { port: number }, raw: Buffer, to: string[], from = 'mailer@sender.example') {
  const transport = createTransport({ host: '127.0.0.1', port: server.port, secure: false, ignoreTLS: true });
  try {
    return await transport.sendMail({ envelope: { from, to }, raw });
  } finally {
    transport.close();
  }
}

/** A message written here, as a mail client would write it: headers as given, a plain-text body. */
export function plainMessage(headers: Record<string, string>, body: string): Buffer {
  const head = Object.entries({ 'MIME-Version': '1.0', 'Content-Type': 'text/plain; charset=utf-8', Date: new Date().toUTCString(), ...headers })
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n');
  return Buffer.from(`${head}\r\n\r\n${body.replace(/\r?\n/g, '\r\n')}\r\n`, 'utf8');
}
