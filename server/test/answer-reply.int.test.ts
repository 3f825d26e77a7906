import type { AuditListResponse, EventDetail, InboundAnswerResponse, InboundEmailDetail, InboundEmailListResponse, InboundSecret, InboundWebhookResponse } from '@receivables/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { closeTransports } from '../src/lib/smtp-transport';
import { loadCustomerPlanInputs } from '../src/modules/scheduling/plan-inputs';

import { configureMail } from './delivery-helpers';
import { plainMessage, replyingOrg, sentReminder } from './inbound-helpers';
import { useIntegrationEnv } from './integration-env';
import { expectError, insertContact, insertCustomer, okBody, type SmtpSink, startSmtpSink, withOrg } from './support';
import { readMail } from './support/mime-parts';

const env = useIntegrationEnv();
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  closeTransports();
  await sink.close();
});

/**
 * An organisation whose reminder reached a customer, and a function that posts a message to the
 * inbound webhook: from the contact, in answer to the reminder (its References naming it); from
 * anyone else, a new message to the reply domain.
 */
async function replyingCustomer() {
  const org = await replyingOrg(env, sink);
  const contact = `ap-${crypto.randomUUID().slice(0, 8)}@customer.example`;
  const sent = await sentReminder(env, sink, org, contact);
  const { secret } = okBody(await org.user.api<InboundSecret>('POST', '/api/settings/email/inbound-secret'));
  okBody(await org.user.api('PUT', '/api/settings/email/inbound', { pause_on_reply: false }));
  const receive = async (body: string, options: { from?: string; name?: string; messageId?: string } = {}): Promise<InboundEmailDetail> => {
    const from = options.from ?? contact;
    const messageId = options.messageId ?? `<${crypto.randomUUID()}@customer.example>`;
    const answering: Record<string, string> =
      from === contact ? { To: sent.replyTo, 'In-Reply-To': sent.messageId, References: sent.messageId } : { To: `accounts@${org.domain}` };
    const headers = { From: `${options.name ?? 'Pat Payer'} <${from}>`, Subject: 'Re: reminder', 'Message-ID': messageId, ...answering };
    const posted = await env.anonymous()<InboundWebhookResponse>('POST', '/api/inbound/email', plainMessage(headers, body), {
      'content-type': 'message/rfc822',
      authorization: `Bearer ${secret}`,
    });
    expect(posted.status).toBe(202);
    return okBody(await org.user.api<InboundEmailDetail>('GET', `/api/inbound/${posted.body.inbound_email_id}/`));
  };
  return { org, sent, contact, receive };
}

describe('answering a reply in writing', () => {
  it('sends what was written, threaded under the customer’s message, once for a double click; in the conversation and the audit log in words', async () => {
    const { org, sent, contact, receive } = await replyingCustomer();
    const theirId = `<${crypto.randomUUID()}@customer.example>`;
    const message = await receive('Which invoice is this about? We cannot find it.', { messageId: theirId });
    // Signed as every email the organisation sends is.
    okBody(await org.user.api('PUT', '/api/settings/email/sender', {
      from_name: 'Acme Ltd', from_email: 'accounts@acme.example', reply_to_domain: org.domain, signature: 'Credit control\nAcme Ltd',
    }));
    const before = sink.messages.length;

    const written = 'Dear Pat,\n\nIt is invoice INV-1 of 3 March: <b>£900.00</b> & nothing else.\nThe link is below.\n\nKind regards,\nSam';
    const key = { 'idempotency-key': crypto.randomUUID() };
    const answered = await org.user.api<InboundAnswerResponse>('POST', `/api/inbound/${message.id}/answer`, { text: written }, key);
    const first = okBody(answered);
    expect(first.status).toBe('success');
    // The second click of a double click: the first answer, replayed, and nothing more sent.
    const again = await org.user.api<InboundAnswerResponse>('POST', `/api/inbound/${message.id}/answer`, { text: written }, key);
    expect(okBody(again).answer_event_id).toBe(first.answer_event_id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');

    const arrived = sink.messages.slice(before);
    expect(arrived).toHaveLength(1);
    expect(arrived[0]?.to).toEqual([contact]);
    const mail = readMail(arrived[0]?.raw ?? '');
    expect(mail.subject).toBe('Re: reminder');
    expect(mail.headers.get('from')).toContain('accounts@acme.example');
    // Threaded under their message: In-Reply-To it, References the reminder it answered and then it.
    expect(mail.headers.get('in-reply-to')).toBe(theirId);
    expect(mail.headers.get('references')?.split(/\s+/)).toEqual([sent.messageId, theirId]);
    expect(mail.headers.get('reply-to')).toMatch(/^reply\+[a-z2-7]+@/i);
    // The text as written; the HTML its paragraphs, every character of it escaped.
    expect(mail.text).toContain('It is invoice INV-1 of 3 March: <b>£900.00</b> & nothing else.\nThe link is below.');
    expect(mail.text).toContain('Kind regards,\nSam\n\nCredit control\nAcme Ltd');
    expect(mail.html).toMatch(/<p[^>]*>Credit control<br>Acme Ltd<\/p>/);
    expect(mail.html).toMatch(/<p[^>]*>Dear Pat,<\/p>/);
    expect(mail.html).toContain('&lt;b&gt;£900.00&lt;/b&gt; &amp; nothing else.<br>The link is below.');
    expect(mail.html).not.toContain('<b>');

    // An email of its own, sent, after the customer's in the conversation of both.
    const answer = okBody(await org.user.api<EventDetail>('GET', `/api/events/${first.answer_event_id}/`));
    expect(answer).toMatchObject({ status: 'success', direction: 'outbox', subject: 'Re: reminder', to: [{ email: contact }] });
    const thread = okBody(await org.user.api<EventDetail>('GET', `/api/events/${message.event_id}/`)).thread;
    expect(thread.map((entry) => entry.event_id)).toEqual([sent.eventId, message.event_id, first.answer_event_id]);
    expect(answer.thread.map((entry) => entry.event_id)).toEqual(thread.map((entry) => entry.event_id));
    // Not the invoice copy: that can still be sent, and the reply's triage is untouched.
    expect(first.reply).toMatchObject({ answer_event_id: null, triage_action: null });

    // Another answer, a subject of one's own: as many as a person writes.
    const input = { text: 'One more thing.', subject: 'Your statement' };
    const second = okBody(await org.user.api<InboundAnswerResponse>('POST', `/api/inbound/${message.id}/answer`, input));
    expect(second.answer_event_id).not.toBe(first.answer_event_id);
    expect(readMail(sink.messages.at(-1)?.raw ?? '').subject).toBe('Your statement');

    // In the audit log in words: who was answered, at which customer, and what about.
    const audit = okBody(await org.user.api<AuditListResponse>('GET', '/api/audit/?limit=20')).rows.filter((e) => e.action === 'event.answer');
    expect(audit.map((e) => e.description)).toEqual([`answered Pat Payer at Payer ${contact}: “Your statement”`, `answered Pat Payer at Payer ${contact}: “Re: reminder”`]);
    expect(audit[1]).toMatchObject({ entity_id: first.answer_event_id, actor: { id: org.user.userId }, customer: { id: sent.customerId } });
  });

  it('is no reminder: the planner never counts it, so it neither moves the workflow on nor fills the weekly cap', async () => {
    const { org, sent, receive } = await replyingCustomer();
    const message = await receive('Can we talk about this?');
    const first = okBody(await org.user.api<InboundAnswerResponse>('POST', `/api/inbound/${message.id}/answer`, { text: 'Of course: call me any morning.' }));
    const orgId = org.user.orgId;
    const [input] = await withOrg(env.db.db, orgId, (tx) => loadCustomerPlanInputs(tx, orgId, [sent.customerId], new Date()));
    const seen = input?.events.map((e) => e.id) ?? [];
    // The reminder sent is what the planner reads; the answer, sent now, is not among it.
    expect(seen).toContain(sent.eventId);
    expect(seen).not.toContain(first.answer_event_id);
  });

  it('refuses, naming the field, an empty answer, an email on no customer, and sending disabled or without a mail server; another organisation’s is not found', async () => {
    const { org, receive } = await replyingCustomer();
    const message = await receive('Please call me.');
    const answer = (body: unknown) => org.user.api('POST', `/api/inbound/${message.id}/answer`, body);
    const before = sink.messages.length;

    expectError(await answer({ text: '  \n ' }), 400, 'VALIDATION_FAILED', 'text');
    expectError(await answer({}), 400, 'VALIDATION_FAILED', 'text');
    expectError(await answer({ text: 'x'.repeat(10_001) }), 400, 'VALIDATION_FAILED', 'text');
    expectError(await answer({ text: 'Hello', subject: '' }), 400, 'VALIDATION_FAILED', 'subject');
    expectError(await answer({ text: 'Hello', to: 'someone@elsewhere.example' }), 400, 'VALIDATION_FAILED', 'to');

    await configureMail(env.db.db, org.user.orgId, { sink, mode: 'disabled' });
    expectError(await answer({ text: 'Hello' }), 422, 'DOMAIN_RULE', 'sending');
    await configureMail(env.db.db, org.user.orgId, { mode: 'sending' });
    expectError(await answer({ text: 'Hello' }), 422, 'DOMAIN_RULE', 'sending');
    await configureMail(env.db.db, org.user.orgId, { sink, mode: 'sending' });

    const stranger = await receive('Hello, who is this?', { from: `someone@${crypto.randomUUID().slice(0, 8)}.example` });
    expect(stranger.customer_id).toBeNull();
    expectError(await org.user.api('POST', `/api/inbound/${stranger.id}/answer`, { text: 'Hello' }), 422, 'DOMAIN_RULE', 'id');

    const other = await env.signUp();
    expectError(await other.api('POST', `/api/inbound/${message.id}/answer`, { text: 'Hello' }), 404, 'NOT_FOUND');
    // Nothing went, and nothing was kept of any of them.
    expect(sink.messages.length).toBe(before);
    const thread = okBody(await org.user.api<EventDetail>('GET', `/api/events/${message.event_id}/`)).thread;
    expect(thread.filter((entry) => entry.direction === 'outbox')).toHaveLength(1);
  });
});

describe('an unassigned message from a customer’s domain', () => {
  it('offers the one customer with contacts at the sender’s domain, attached in one click; none for free mail or a domain two customers share', async () => {
    const { org, receive } = await replyingCustomer();
    const orgId = org.user.orgId;
    const tag = crypto.randomUUID().slice(0, 8);
    // Acme's contacts are at two domains: either points to it.
    const acme = await insertCustomer(env.db.db, orgId, { name: `Acme ${tag} Ltd` });
    await insertContact(env.db.db, orgId, acme.id, { role: 'primary', name: 'Jane Smith', email: `jane@acme-${tag}.co.uk` });
    await insertContact(env.db.db, orgId, acme.id, { role: 'escalation', name: 'Group office', email: `ap@acme-group-${tag}.com` });
    // Two customers of one group share a domain: a click could pick the wrong one.
    for (const name of ['North', 'South']) {
      const c = await insertCustomer(env.db.db, orgId, { name: `${name} ${tag} plc` });
      await insertContact(env.db.db, orgId, c.id, { role: 'primary', email: `${name.toLowerCase()}@shared-${tag}.example` });
    }
    // A customer whose contact writes from Gmail: Gmail says nothing of who else works there.
    const sole = await insertCustomer(env.db.db, orgId, { name: `Sole ${tag}` });
    await insertContact(env.db.db, orgId, sole.id, { role: 'primary', email: `sole.${tag}@gmail.com` });

    const fromAcme = await receive('Remittance attached.', { from: `bob@ACME-${tag}.co.uk`, name: 'Bob' });
    const fromGroup = await receive('Statement please.', { from: `someone@acme-group-${tag}.com` });
    const fromShared = await receive('Hello.', { from: `east@shared-${tag}.example` });
    const fromGmail = await receive('Hello.', { from: `stranger.${tag}@gmail.com` });
    const suggestion = { customer_id: acme.id, name: `Acme ${tag} Ltd`, domain: `acme-${tag}.co.uk`, contact_email: `jane@acme-${tag}.co.uk` };
    expect(fromAcme).toMatchObject({ customer_id: null, suggested_customer: suggestion });
    expect(fromGroup.suggested_customer).toMatchObject({ customer_id: acme.id, contact_email: `ap@acme-group-${tag}.com` });
    expect(fromShared.suggested_customer).toBeNull();
    expect(fromGmail.suggested_customer).toBeNull();

    // The unassigned inbox offers the same, row by row.
    const inbox = okBody(await org.user.api<InboundEmailListResponse>('GET', '/api/inbound/unassigned/?limit=50'));
    const offered = new Map(inbox.rows.map((row) => [row.id, row.suggested_customer?.customer_id ?? null]));
    expect([fromAcme, fromGroup, fromShared, fromGmail].map((m) => offered.get(m.id))).toEqual([acme.id, acme.id, null, null]);

    // The one click: the existing attach, with the suggested customer; once attached, nothing is offered.
    const attached = okBody(await org.user.api<InboundEmailDetail>('POST', `/api/inbound/${fromAcme.id}/assign`, { customer_id: suggestion.customer_id }));
    expect(attached).toMatchObject({ customer_id: acme.id, matched_by: 'hand', suggested_customer: null });
  });
});
