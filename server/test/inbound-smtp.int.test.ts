import {
  addDays,
  type CustomerDetail,
  type EventDetail,
  type EventListResponse,
  type InboundCounts,
  type InboundEmailDetail,
  type InboundEmailListResponse,
  organisationToday,
  type TimelineResponse,
} from '@receivables/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { inboundEmail } from '../src/db/schema';
import { closeTransports } from '../src/lib/smtp-transport';
import { replyAddress } from '../src/modules/delivery/reply-token';
import type { InboundSmtpServer } from '../src/modules/inbound/inbound-smtp-server';

import { deliver, plainMessage, replyingOrg, sentReminder, startTestListener } from './inbound-helpers';
import { useIntegrationEnv } from './integration-env';
import {
  expectError,
  insertContact,
  insertCustomer,
  okBody,
  readdressFixture,
  readInboundFixture,
  type SmtpSink,
  startSmtpSink,
  testConfig,
  withHeaders,
  withOrg,
} from './support';

const env = useIntegrationEnv();
let sink: SmtpSink;
let listener: InboundSmtpServer;
beforeAll(async () => {
  sink = await startSmtpSink();
  // Small limits, so a file too large to keep and a message too large to take are easy to make.
  ({ listener } = await startTestListener(env, { attachmentMaxBytes: 100, maxBytes: 64 * 1024 }));
});
afterAll(async () => {
  await listener.close();
  closeTransports();
  await sink.close();
});

const unique = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@customer.example`;

async function keptMessages(orgId: string): Promise<number> {
  const [row] = await withOrg(env.db.db, orgId, (tx) => tx.select({ n: count() }).from(inboundEmail).where(eq(inboundEmail.orgId, orgId)));
  return row?.n ?? 0;
}

async function inboxOf(org: Awaited<ReturnType<typeof replyingOrg>>, customerId: string) {
  return okBody(await org.user.api<EventListResponse>('GET', `/api/events/?tab=inbox&customer_id=${customerId}`)).rows;
}

describe('replies by SMTP to the worker’s listener', () => {
  it('takes a reply to the signed reply address onto its customer, threaded under the email it answers, and pauses chasing', async () => {
    const org = await replyingOrg(env, sink);
    const sent = await sentReminder(env, sink, org, unique('priya'));
    const raw = readdressFixture(readInboundFixture('outlook-reply'), { replyAddress: sent.replyTo, messageId: sent.messageId });

    const answer = await deliver(listener, raw, [sent.replyTo]);
    expect(answer.accepted).toEqual([sent.replyTo]);

    const [row] = await inboxOf(org, sent.customerId);
    expect(row).toMatchObject({ status: 'incoming', direction: 'inbox', subject: 'RE: Reminder: invoice INV-1042 is overdue' });
    const detail = okBody(await org.user.api<EventDetail>('GET', `/api/events/${row!.id}/`));
    expect(detail.reply).toMatchObject({ kind: 'reply', matched_by: 'token', answers_event_id: sent.eventId, read: false });
    expect(detail.reply?.from).toEqual({ address: 'priya.natarajan@northwind.example', name: 'Priya Natarajan' });
    // What the customer wrote, without the quoted reminder under it; the whole message is kept too.
    expect(detail.reply?.visible_text).toContain('We paid INV-1042 on Friday by BACS');
    expect(detail.reply?.visible_text).not.toContain('Original Message');
    expect(detail.reply?.text).toContain('Original Message');
    expect(detail.reply?.triage?.category).toBe('paid');
    expect(detail.thread.map((t) => [t.event_id, t.direction])).toEqual([
      [sent.eventId, 'outbox'],
      [row!.id, 'inbox'],
    ]);
    // The email it answers shows the same conversation.
    const original = okBody(await org.user.api<EventDetail>('GET', `/api/events/${sent.eventId}/`));
    expect(original.thread.map((t) => t.event_id)).toEqual([sent.eventId, row!.id]);

    const customer = okBody(await org.user.api<CustomerDetail>('GET', `/api/customers/${sent.customerId}/`));
    expect(customer).toMatchObject({ standing: 'paused', paused_until: null, pause_reason: 'reply', pause_event_id: row!.id });
    const timeline = okBody(await org.user.api<TimelineResponse>('GET', `/api/customers/${sent.customerId}/timeline/`)).rows;
    const pause = timeline.find((item) => item.kind === 'edit' && item.action === 'customer.pause');
    expect(pause).toMatchObject({ actor_id: null, changes: { reason: { from: null, to: 'reply' } } });

    // Unread until opened.
    const unread = okBody(await org.user.api<InboundCounts>('GET', '/api/inbound/counts/')).unread;
    expect(unread).toBe(1);
    expect((await org.user.api('POST', `/api/inbound/${detail.reply!.id}/read`)).status).toBe(204);
    expect(okBody(await org.user.api<InboundCounts>('GET', '/api/inbound/counts/')).unread).toBe(0);
  });

  it('lists a reply’s files and keeps the bytes of those within the limit', async () => {
    const org = await replyingOrg(env, sink);
    const sent = await sentReminder(env, sink, org, unique('zoe'));
    const raw = readdressFixture(readInboundFixture('gmail-reply-with-attachment'), { replyAddress: sent.replyTo, messageId: sent.messageId });
    await deliver(listener, raw, [sent.replyTo]);

    const [row] = await inboxOf(org, sent.customerId);
    const detail = okBody(await org.user.api<EventDetail>('GET', `/api/events/${row!.id}/`));
    expect(detail.html).toContain('<');
    expect(detail.reply?.attachments.map((a) => [a.filename, a.content_type, a.size, a.stored])).toEqual([
      ['hart-logo.png', 'image/png', 70, true],
      ['Remittance advice NW-88213.pdf', 'application/pdf', 672, false],
    ]);
    const [logo, pdf] = detail.reply!.attachments;
    const file = await org.user.api('GET', `/api/inbound/${detail.reply!.id}/attachments/${logo!.id}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('hart-logo.png');
    expect([...file.bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    const tooLarge = await org.user.api('GET', `/api/inbound/${detail.reply!.id}/attachments/${pdf!.id}`);
    expectError(tooLarge, 404, 'NOT_FOUND');
  });

  it('reads an out-of-office: no pause for a reply, but one until the working day after its return, and its stand-in offered', async () => {
    const org = await replyingOrg(env, sink);
    const sent = await sentReminder(env, sink, org, unique('tomasz'));
    const today = organisationToday('Europe/London');
    // A Wednesday two to three weeks ahead, written as people write it ("Wednesday 9 December").
    let away = addDays(today, 14);
    while (new Date(`${away}T00:00:00Z`).getUTCDay() !== 3) away = addDays(away, 1);
    const written = new Date(`${away}T00:00:00Z`).toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
    const raw = plainMessage(
      {
        From: 'Tomasz Kowalczyk <tomasz@contoso.example>',
        To: sent.replyTo,
        Subject: 'Automatic reply: Reminder',
        'Auto-Submitted': 'auto-replied',
        'In-Reply-To': sent.messageId,
        'Message-ID': `<${crypto.randomUUID()}@contoso.example>`,
      },
      `Thank you for your email. I am out of the office until ${written} with no access to email.\n\nFor anything urgent, please contact Jane Doe at jane.doe@contoso.example.\n`,
    );
    await deliver(listener, raw, [sent.replyTo]);

    const [row] = await inboxOf(org, sent.customerId);
    const detail = okBody(await org.user.api<EventDetail>('GET', `/api/events/${row!.id}/`));
    // Away through the Wednesday: back on the Thursday; chasing starts again the working day after, the Friday.
    const back = addDays(away, 1);
    expect(detail.reply).toMatchObject({
      kind: 'auto_reply',
      triage: null,
      auto_reply: { out_of_office: { returns_on: back, stand_in: { email: 'jane.doe@contoso.example', name: 'Jane Doe' } } },
    });
    const customer = okBody(await org.user.api<CustomerDetail>('GET', `/api/customers/${sent.customerId}/`));
    expect(customer).toMatchObject({ standing: 'paused', paused_until: back, pause_reason: 'out_of_office', pause_event_id: row!.id });
  });

  it('matches a reply without a token by the Message-ID it answers, or by its sender among the contacts', async () => {
    const org = await replyingOrg(env, sink);
    const contact = unique('alex');
    const sent = await sentReminder(env, sink, org, contact);
    const byHeaders = plainMessage(
      { From: 'someone@else.example', To: `accounts@${org.domain}`, Subject: 'Re: your reminder', 'In-Reply-To': sent.messageId, 'Message-ID': `<${crypto.randomUUID()}@else.example>` },
      'We will pay next week.',
    );
    await deliver(listener, byHeaders, [`accounts@${org.domain}`]);
    const bySender = plainMessage({ From: contact.toUpperCase(), To: `accounts@${org.domain}`, Subject: 'Question', 'Message-ID': `<${crypto.randomUUID()}@customer.example>` }, 'Could you send a statement?');
    await deliver(listener, bySender, [`accounts@${org.domain}`]);

    const rows = await inboxOf(org, sent.customerId);
    const details = await Promise.all(rows.map(async (r) => okBody(await org.user.api<EventDetail>('GET', `/api/events/${r.id}/`)).reply));
    expect(details.map((d) => [d?.subject, d?.matched_by]).sort()).toEqual([
      ['Question', 'sender'],
      ['Re: your reminder', 'message_id'],
    ]);
  });

  it('keeps mail from an unknown sender unassigned, for a person to attach to a customer', async () => {
    const org = await replyingOrg(env, sink);
    const customer = await insertCustomer(env.db.db, org.user.orgId, { name: 'Fabrikam' });
    await insertContact(env.db.db, org.user.orgId, customer.id, { role: 'primary', email: unique('ap') });
    const raw = plainMessage({ From: 'new.person@fabrikam.example', To: `accounts@${org.domain}`, Subject: 'Invoice 1043', 'Message-ID': `<${crypto.randomUUID()}@fabrikam.example>` }, 'Invoice 1043 is disputed: the goods never arrived.');
    await deliver(listener, raw, [`accounts@${org.domain}`]);

    const unassigned = okBody(await org.user.api<InboundEmailListResponse>('GET', '/api/inbound/unassigned/'));
    expect(unassigned.total).toBe(1);
    expect(unassigned.rows[0]).toMatchObject({ subject: 'Invoice 1043', customer_id: null, event_id: null, snippet: 'Invoice 1043 is disputed: the goods never arrived.' });
    expect(okBody(await org.user.api<InboundCounts>('GET', '/api/inbound/counts/'))).toEqual({ unread: 1, unassigned: 1 });
    const id = unassigned.rows[0]!.id;

    // Another organisation's customer is not one to attach it to.
    const other = await env.signUp();
    const stranger = await insertCustomer(env.db.db, other.orgId, { name: 'Elsewhere' });
    expectError(await org.user.api('POST', `/api/inbound/${id}/assign`, { customer_id: stranger.id }), 404, 'NOT_FOUND', 'customer_id');
    expectError(await other.api('GET', `/api/inbound/${id}/`), 404, 'NOT_FOUND');

    const assigned = okBody(await org.user.api<InboundEmailDetail>('POST', `/api/inbound/${id}/assign`, { customer_id: customer.id }));
    expect(assigned).toMatchObject({ customer_id: customer.id, matched_by: 'hand', triage: { category: 'dispute' } });
    expect(assigned.event_id).not.toBeNull();
    expectError(await org.user.api('POST', `/api/inbound/${id}/assign`, { customer_id: customer.id }), 409, 'CONFLICT');
    expect(okBody(await org.user.api<InboundEmailListResponse>('GET', '/api/inbound/unassigned/')).total).toBe(0);
    expect((await inboxOf(org, customer.id)).map((r) => r.id)).toEqual([assigned.event_id]);
    const paused = okBody(await org.user.api<CustomerDetail>('GET', `/api/customers/${customer.id}/`));
    expect(paused).toMatchObject({ standing: 'paused', pause_reason: 'reply' });
  });

  it('refuses a forged or altered token, a token for no email of ours, and a domain no organisation uses, at RCPT — nothing is kept', async () => {
    const org = await replyingOrg(env, sink);
    const sent = await sentReminder(env, sink, org, unique('forged'));
    const [local, domain] = sent.replyTo.split('@') as [string, string];
    // The last character of the MAC changed: the event is real, the signature is not.
    const last = local.at(-1) === 'a' ? 'b' : 'a';
    const forged = `${local.slice(0, -1)}${last}@${domain}`;
    // Signed with our own key for this organisation and customer, but naming an email that never existed.
    const never = { orgId: org.user.orgId, customerId: sent.customerId, eventId: crypto.randomUUID() };
    const noSuchEmail = replyAddress(testConfig().delivery.replyKey, never, domain);
    expect(noSuchEmail.split('@')[0]).toHaveLength(local.length);
    // Refused in answer to RCPT TO, before DATA: the sending server is told why and no message is taken.
    const atRcpt = (text: string) => ({ responseCode: 550, command: 'RCPT TO', response: expect.stringContaining(text) as string });
    for (const address of [forged, noSuchEmail]) {
      const raw = readdressFixture(readInboundFixture('outlook-reply'), { replyAddress: address, messageId: sent.messageId });
      await expect(deliver(listener, raw, [address]), address).rejects.toMatchObject(atRcpt('5.1.1'));
    }
    const raw = readdressFixture(readInboundFixture('outlook-reply'), { replyAddress: forged, messageId: sent.messageId });
    await expect(deliver(listener, raw, ['accounts@nobody-uses-this.example'])).rejects.toMatchObject(atRcpt('5.1.2'));
    expect(await keptMessages(org.user.orgId)).toBe(0);
  });

  it('matches a reply without a token or In-Reply-To by its References alone', async () => {
    const org = await replyingOrg(env, sink);
    const sent = await sentReminder(env, sink, org, unique('refs'));
    // A stranger's address, so only the References can say which email it answers; ours is not the last of them.
    const raw = plainMessage(
      {
        From: 'forwarded.by@elsewhere.example',
        To: `accounts@${org.domain}`,
        Subject: 'Fwd: your reminder',
        References: `${sent.messageId} <${crypto.randomUUID()}@elsewhere.example>`,
        'Message-ID': `<${crypto.randomUUID()}@elsewhere.example>`,
      },
      'Forwarding this to you: we will pay on Friday.',
    );
    await deliver(listener, raw, [`accounts@${org.domain}`]);

    const [row] = await inboxOf(org, sent.customerId);
    const detail = okBody(await org.user.api<EventDetail>('GET', `/api/events/${row!.id}/`));
    expect(detail.reply).toMatchObject({ matched_by: 'message_id', answers_event_id: sent.eventId });
    expect(detail.thread.map((t) => t.event_id)).toEqual([sent.eventId, row!.id]);
  });

  it('keeps a reply without pausing when the organisation does not pause on reply, and the same message only once', async () => {
    const org = await replyingOrg(env, sink);
    const settings = okBody(await org.user.api<{ pause_on_reply: boolean }>('PUT', '/api/settings/email/inbound', { pause_on_reply: false }));
    expect(settings.pause_on_reply).toBe(false);
    const sent = await sentReminder(env, sink, org, unique('keep'));
    const raw = withHeaders(readdressFixture(readInboundFixture('outlook-reply'), { replyAddress: sent.replyTo, messageId: sent.messageId }), {
      'Message-ID': `<${crypto.randomUUID()}@northwind.example>`,
    });
    await deliver(listener, raw, [sent.replyTo]);
    await deliver(listener, raw, [sent.replyTo]);
    expect(await inboxOf(org, sent.customerId)).toHaveLength(1);
    expect(await keptMessages(org.user.orgId)).toBe(1);
    const customer = okBody(await org.user.api<CustomerDetail>('GET', `/api/customers/${sent.customerId}/`));
    expect(customer.standing).not.toBe('paused');
    expect(customer.pause_reason).toBeNull();
  });

  it('refuses a message over the size limit with 552', async () => {
    const org = await replyingOrg(env, sink);
    const raw = plainMessage({ From: 'big@sender.example', To: `accounts@${org.domain}`, Subject: 'Large' }, 'x'.repeat(70 * 1024));
    await expect(deliver(listener, raw, [`accounts@${org.domain}`])).rejects.toMatchObject({ responseCode: 552 });
    expect(await keptMessages(org.user.orgId)).toBe(0);
  });
});
