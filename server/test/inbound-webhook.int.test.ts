import {
  type CustomerDetail,
  type EmailSettings,
  type EventDetail,
  type EventListResponse,
  type InboundEmailDetail,
  type InboundSecret,
  type InboundWebhookResponse,
  organisationToday,
} from '@receivables/contracts';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { event, inboundEmail } from '../src/db/schema';
import { closeTransports } from '../src/lib/smtp-transport';
import type { InboundSmtpServer } from '../src/modules/inbound/inbound-smtp-server';

import { deliver, plainMessage, replyingOrg, sentReminder, startTestListener } from './inbound-helpers';
import { useIntegrationEnv } from './integration-env';
import { expectError, okBody, readdressFixture, readInboundFixture, type SmtpSink, startSmtpSink, withHeaders, withOrg } from './support';

const MAX_BYTES = 64 * 1024;
const env = useIntegrationEnv({ INBOUND_MAX_BYTES: String(MAX_BYTES) });
let sink: SmtpSink;
let listener: InboundSmtpServer;
beforeAll(async () => {
  sink = await startSmtpSink();
  ({ listener } = await startTestListener(env, { attachmentMaxBytes: 1024 * 1024, maxBytes: MAX_BYTES }));
});
afterAll(async () => {
  await listener.close();
  closeTransports();
  await sink.close();
});

interface OpenApiOperation {
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
}
interface OpenApiDocument {
  paths: Record<string, Partial<Record<'get' | 'post', OpenApiOperation>>>;
  components: { securitySchemes: Record<string, unknown> };
}

const unique = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@customer.example`;
const rfc822 = { 'content-type': 'message/rfc822' };

async function keptMessages(orgId: string): Promise<number> {
  const [row] = await withOrg(env.db.db, orgId, (tx) => tx.select({ n: count() }).from(inboundEmail).where(eq(inboundEmail.orgId, orgId)));
  return row?.n ?? 0;
}

describe('the inbound webhook: raw messages from a forwarding service', () => {
  it('takes a reply with the organisation’s secret (Bearer or Basic), and refuses a missing or wrong one, a forged token and an oversized body', async () => {
    const org = await replyingOrg(env, sink);
    const before = okBody(await org.user.api<EmailSettings>('GET', '/api/settings/email/'));
    expect(before.inbound).toMatchObject({ pause_on_reply: true, webhook_secret_created_at: null, webhook_url: 'http://localhost:3000/api/inbound/email' });
    const made = await org.user.api<InboundSecret>('POST', '/api/settings/email/inbound-secret');
    expect(made.status).toBe(201);
    const { secret } = made.body;
    expect(secret).toMatch(/^inb_/);
    // Shown once: the settings say when it was made, never what it is.
    const after = okBody(await org.user.api<EmailSettings>('GET', '/api/settings/email/'));
    expect(after.inbound.webhook_secret_created_at).toBe(made.body.created_at);
    expect(JSON.stringify(after)).not.toContain(secret);

    const sent = await sentReminder(env, sink, org, unique('hook'));
    const raw = readdressFixture(readInboundFixture('outlook-reply'), { replyAddress: sent.replyTo, messageId: sent.messageId });
    const anyone = env.anonymous();
    expectError(await anyone('POST', '/api/inbound/email', raw, rfc822), 401, 'UNAUTHENTICATED');
    expectError(await anyone('POST', '/api/inbound/email', raw, { ...rfc822, authorization: 'Bearer inb_not-the-secret' }), 401, 'UNAUTHENTICATED');
    // A session's bearer token is not an inbound secret.
    expectError(await anyone('POST', '/api/inbound/email', raw, { ...rfc822, authorization: `Bearer ${org.user.token}` }), 401, 'UNAUTHENTICATED');
    expect(await keptMessages(org.user.orgId)).toBe(0);

    const taken = await anyone<InboundWebhookResponse>('POST', '/api/inbound/email', raw, { ...rfc822, authorization: `Bearer ${secret}` });
    expect(taken.status).toBe(202);
    expect(taken.body).toMatchObject({ status: 'stored', kind: 'reply', customer_id: sent.customerId, paused: true });
    const detail = okBody(await org.user.api<EventDetail>('GET', `/api/events/${taken.body.event_id}/`));
    expect(detail.reply).toMatchObject({ matched_by: 'token', answers_event_id: sent.eventId });
    expect(detail.thread.map((t) => t.event_id)).toEqual([sent.eventId, taken.body.event_id]);
    // Activity's inbox row names its writer and says it is unread, until someone opens it.
    const inboxRow = async () => okBody(await org.user.api<EventListResponse>('GET', '/api/events/?tab=inbox')).rows.find((r) => r.id === taken.body.event_id);
    const writer = { address: 'priya.natarajan@northwind.example', name: 'Priya Natarajan' };
    const row = (await inboxRow())?.inbound;
    expect(row).toMatchObject({ kind: 'reply', from: writer, read: false });
    // Its first words, on one line, without the quoted reminder under them (decision 0040).
    expect(row).toMatchObject({
      snippet: 'Hi, We paid INV-1042 on Friday by BACS, reference NW-88213. It should be with you by Wednesday at the latest.',
      triage: 'paid',
    });
    expect((await org.user.api('POST', `/api/inbound/${taken.body.inbound_email_id}/read`)).status).toBe(204);
    expect((await inboxRow())?.inbound).toMatchObject({ kind: 'reply', from: writer, read: true });
    expect(okBody(await org.user.api<EventListResponse>('GET', '/api/events/?tab=outbox')).rows.every((r) => r.inbound === null)).toBe(true);

    // A person acts on it as the web does, with an Idempotency-Key: the answer names them, and a
    // retry with the same key replays it rather than acting twice.
    const triageKey = { 'idempotency-key': crypto.randomUUID() };
    const triaged = await org.user.api<InboundEmailDetail>('POST', `/api/inbound/${taken.body.inbound_email_id}/triage`, { action: 'mark_disputed' }, triageKey);
    expect(triaged.status, JSON.stringify(triaged.body)).toBe(200);
    const { rows: [actor] } = await env.db.pool.query<{ name: string }>('select name from auth_user where id = $1', [org.user.userId]);
    expect(triaged.body).toMatchObject({ triage_action: 'mark_disputed', triage_actor_name: actor?.name });
    const replayed = await org.user.api<InboundEmailDetail>('POST', `/api/inbound/${taken.body.inbound_email_id}/triage`, { action: 'mark_disputed' }, triageKey);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.body).toEqual(triaged.body);

    // The same message posted again (a retry) is kept once.
    const basic = `Basic ${Buffer.from(`inbound:${secret}`).toString('base64')}`;
    const again = await anyone<InboundWebhookResponse>('POST', '/api/inbound/email', raw, { ...rfc822, authorization: basic });
    expect(again.body).toMatchObject({ status: 'duplicate', inbound_email_id: null });
    expect(await keptMessages(org.user.orgId)).toBe(1);

    // A token of another organisation's email is forged as far as this organisation is concerned.
    const other = await replyingOrg(env, sink);
    const theirs = await sentReminder(env, sink, other, unique('theirs'));
    const forged = readdressFixture(readInboundFixture('outlook-reply'), { replyAddress: theirs.replyTo, messageId: theirs.messageId });
    expectError(await anyone('POST', '/api/inbound/email', forged, { ...rfc822, authorization: `Bearer ${secret}` }), 422, 'DOMAIN_RULE', 'to');

    const huge = plainMessage({ From: 'big@sender.example', To: `accounts@${org.domain}`, Subject: 'Large' }, 'x'.repeat(MAX_BYTES + 1024));
    expectError(await anyone('POST', '/api/inbound/email', huge, { ...rfc822, authorization: `Bearer ${secret}` }), 413, 'PAYLOAD_TOO_LARGE');
    expectError(await anyone('POST', '/api/inbound/email', Buffer.alloc(0), { ...rfc822, authorization: `Bearer ${secret}` }), 400, 'VALIDATION_FAILED', 'body');
    expect(await keptMessages(org.user.orgId)).toBe(1);

    // A new secret replaces the old one at once.
    const next = okBody(await org.user.api<InboundSecret>('POST', '/api/settings/email/inbound-secret'));
    expect(next.secret).not.toBe(secret);
    expectError(await anyone('POST', '/api/inbound/email', raw, { ...rfc822, authorization: `Bearer ${secret}` }), 401, 'UNAUTHENTICATED');
  });
});

describe('the inbound API in the OpenAPI document', () => {
  it('lists the webhook, under its own secret, and every inbox route', async () => {
    const doc = okBody(await env.anonymous()<OpenApiDocument>('GET', '/api/docs/json'));
    const inbound = Object.keys(doc.paths).filter((path) => path.startsWith('/api/inbound/'));
    expect(inbound.sort()).toEqual([
      '/api/inbound/counts/',
      '/api/inbound/email',
      '/api/inbound/unassigned/',
      '/api/inbound/{id}/',
      '/api/inbound/{id}/answer',
      '/api/inbound/{id}/assign',
      '/api/inbound/{id}/attachments/{attachmentId}',
      '/api/inbound/{id}/copy/',
      '/api/inbound/{id}/read',
      '/api/inbound/{id}/triage',
    ]);
    const webhook = doc.paths['/api/inbound/email']?.post;
    // Whoever sets up a forwarding service reads here how it is called: the organisation's inbound secret, 202 when taken.
    expect(webhook?.security).toEqual([{ inboundSecret: [] }]);
    expect(Object.keys(webhook?.responses ?? {})).toEqual(expect.arrayContaining(['202', '401', '413']));
    expect(doc.components.securitySchemes).toHaveProperty('inboundSecret');
    // The inbox itself is a signed-in person's, under the document's default (bearer) security.
    expect(doc.paths['/api/inbound/{id}/triage']?.post?.security).toBeUndefined();
  });
});

describe('the webhook takes every kind of message the SMTP listener does', () => {
  it('a reply with HTML and files, an out-of-office, one found by In-Reply-To, and one from a stranger each end where they should', async () => {
    const org = await replyingOrg(env, sink);
    const { secret } = okBody(await org.user.api<InboundSecret>('POST', '/api/settings/email/inbound-secret'));
    const post = async (raw: Buffer) =>
      okBody(await env.anonymous()<InboundWebhookResponse>('POST', '/api/inbound/email', raw, { ...rfc822, authorization: `Bearer ${secret}` }));

    const zoe = await sentReminder(env, sink, org, unique('zoe'));
    const withFiles = await post(readdressFixture(readInboundFixture('gmail-reply-with-attachment'), { replyAddress: zoe.replyTo, messageId: zoe.messageId }));
    expect(withFiles).toMatchObject({ status: 'stored', kind: 'reply', customer_id: zoe.customerId });
    const files = okBody(await org.user.api<EventDetail>('GET', `/api/events/${withFiles.event_id}/`)).reply?.attachments ?? [];
    expect(files.map((f) => [f.filename, f.stored])).toEqual([
      ['hart-logo.png', true],
      ['Remittance advice NW-88213.pdf', true],
    ]);

    const tomasz = await sentReminder(env, sink, org, unique('tomasz'));
    const away = await post(readdressFixture(readInboundFixture('out-of-office-exchange'), { replyAddress: tomasz.replyTo, messageId: tomasz.messageId }));
    // "Out of the office until Monday 7 December 2026": back on the 8th, so chasing waits while that is still ahead,
    // and a message read after it (this fixture, some day) pauses nothing.
    const stillAway = organisationToday('Europe/London') < '2026-12-08';
    expect(away).toMatchObject({ status: 'stored', kind: 'auto_reply', customer_id: tomasz.customerId, paused: stillAway });
    const awayDetail = okBody(await org.user.api<EventDetail>('GET', `/api/events/${away.event_id}/`)).reply;
    expect(awayDetail?.auto_reply?.out_of_office).toMatchObject({ returns_on: '2026-12-08', stand_in: { email: 'accounts@contoso.example' } });
    const tomaszNow = okBody(await org.user.api<CustomerDetail>('GET', `/api/customers/${tomasz.customerId}/`));
    expect(tomaszNow.pause_reason).toBe(stillAway ? 'out_of_office' : null);

    const priya = await sentReminder(env, sink, org, unique('priya'));
    const untokened = withHeaders(readdressFixture(readInboundFixture('outlook-reply'), { messageId: priya.messageId }), { To: `accounts@${org.domain}` });
    const found = await post(untokened);
    expect(found).toMatchObject({ status: 'stored', kind: 'reply', customer_id: priya.customerId });
    expect(okBody(await org.user.api<EventDetail>('GET', `/api/events/${found.event_id}/`)).reply?.matched_by).toBe('message_id');

    const stranger = await post(plainMessage({ From: 'who@unknown.example', To: `accounts@${org.domain}`, Subject: 'Hello' }, 'Who do I talk to about invoices?'));
    expect(stranger).toMatchObject({ status: 'stored', kind: 'reply', customer_id: null, event_id: null, paused: false });

    // Bytes that are no email at all are still kept whole, for a person to look at, never a 500.
    const garbage = await post(Buffer.from([0xff, 0x00, 0xfe, 0x0d, 0x0a, 0x3a, 0x3a, 0x00, 0x80, 0x81]));
    expect(garbage).toMatchObject({ status: 'stored', customer_id: null });
    const kept = okBody(await org.user.api<{ subject: string; text: string }>('GET', `/api/inbound/${garbage.inbound_email_id}/`));
    expect(kept.subject).toBe('');
  });
});

describe('an auto-reply without a return day', () => {
  it('leaves chasing running though the organisation pauses on reply, where a person’s reply pauses it', async () => {
    const org = await replyingOrg(env, sink);
    const { secret } = okBody(await org.user.api<InboundSecret>('POST', '/api/settings/email/inbound-secret'));
    expect(okBody(await org.user.api<EmailSettings>('GET', '/api/settings/email/')).inbound.pause_on_reply).toBe(true);
    const sent = await sentReminder(env, sink, org, unique('away'));
    const customer = async () => okBody(await org.user.api<CustomerDetail>('GET', `/api/customers/${sent.customerId}/`));
    const before = await customer();
    expect(before.standing).toBe('single_missed');
    const post = async (headers: Record<string, string>, body: string) => {
      const raw = plainMessage(
        { From: `Ola Nordmann <${sent.email}>`, To: sent.replyTo, 'In-Reply-To': sent.messageId, 'Message-ID': `<${crypto.randomUUID()}@customer.example>`, ...headers },
        body,
      );
      return okBody(await env.anonymous()<InboundWebhookResponse>('POST', '/api/inbound/email', raw, { ...rfc822, authorization: `Bearer ${secret}` }));
    };

    const away = await post(
      { Subject: 'Automatic reply: Reminder', 'Auto-Submitted': 'auto-replied' },
      'Thank you for your email. I am currently out of the office with limited access to email. I will respond as soon as I can.',
    );
    expect(away).toMatchObject({ status: 'stored', kind: 'auto_reply', customer_id: sent.customerId, paused: false });
    const read = okBody(await org.user.api<EventDetail>('GET', `/api/events/${away.event_id}/`)).reply;
    expect(read?.auto_reply?.out_of_office.returns_on).toBeNull();
    expect(await customer()).toMatchObject({ standing: before.standing, paused_until: null, pause_reason: null });

    // The same customer's person answering does pause it: the setting is on, the auto-reply just is not an answer.
    const reply = await post({ Subject: 'Re: Reminder' }, 'Thanks, I will look into this invoice today.');
    expect(reply).toMatchObject({ kind: 'reply', paused: true });
    expect(await customer()).toMatchObject({ standing: 'paused', pause_reason: 'reply' });
  });
});

describe('bounces: delivery status notifications about our emails', () => {
  async function eventState(orgId: string, eventId: string) {
    const [row] = await withOrg(env.db.db, orgId, (tx) =>
      tx
        .select({
          status: event.status,
          reason: event.statusReason,
          error: event.error,
          nextAttemptAt: event.nextAttemptAt,
          claimedAt: event.claimedAt,
        })
        .from(event)
        .where(and(eq(event.orgId, orgId), eq(event.id, eventId))),
    );
    return row;
  }

  it('a hard bounce fails the email with the remote server’s words and marks the address undeliverable', async () => {
    const org = await replyingOrg(env, sink);
    const sent = await sentReminder(env, sink, org, 'accounts@northwind.example');
    const dsn = readdressFixture(readInboundFixture('dsn-postfix-user-unknown'), { messageId: sent.messageId });
    await deliver(listener, dsn, [`bounces@${org.domain}`], '');

    const detail = okBody(await org.user.api<EventDetail>('GET', `/api/events/${sent.eventId}/`));
    expect(detail).toMatchObject({ status: 'failure', status_reason: 'bounced', can_execute: true });
    expect(detail.error).toMatch(/user unknown|does not exist/i);
    expect(detail.history.at(-1)).toMatchObject({ status: 'failure', reason: 'bounced', actor_id: null });
    const customer = okBody(await org.user.api<CustomerDetail>('GET', `/api/customers/${sent.customerId}/`));
    expect(customer.contact?.undeliverable?.reason).toMatch(/user unknown|does not exist/i);
    // A bounce is not a reply: nothing in the inbox, nothing unread, no pause.
    expect(customer.standing).not.toBe('paused');
    expect(okBody(await org.user.api<{ unread: number }>('GET', '/api/inbound/counts/')).unread).toBe(0);
  });

  it('a soft bounce (failed, 4.x.x) sends the email again by the retry rules; a delay is only noted', async () => {
    const org = await replyingOrg(env, sink);
    const full = await sentReminder(env, sink, org, 'ap@fabrikam.example');
    await deliver(listener, readdressFixture(readInboundFixture('dsn-exim-mailbox-full'), { messageId: full.messageId }), [`bounces@${org.domain}`], '');
    const retried = await eventState(org.user.orgId, full.eventId);
    expect(retried).toMatchObject({ status: 'pending', reason: null, claimedAt: null });
    expect(retried?.nextAttemptAt?.getTime()).toBeGreaterThan(Date.now());
    const customer = okBody(await org.user.api<CustomerDetail>('GET', `/api/customers/${full.customerId}/`));
    expect(customer.contact?.undeliverable).toBeNull();

    const slow = await sentReminder(env, sink, org, 'finance@litware.example');
    await deliver(listener, readdressFixture(readInboundFixture('dsn-exchange-delayed-headers-only'), { messageId: slow.messageId }), [`bounces@${org.domain}`], '');
    expect(await eventState(org.user.orgId, slow.eventId)).toMatchObject({ status: 'success' });
  });

  it('ignores a report about a message that is not ours', async () => {
    const org = await replyingOrg(env, sink);
    await sentReminder(env, sink, org, unique('ours'));
    const answer = await deliver(listener, readInboundFixture('dsn-not-ours'), [`bounces@${org.domain}`], '');
    expect(answer.accepted).toHaveLength(1);
    expect(await keptMessages(org.user.orgId)).toBe(0);
  });
});
