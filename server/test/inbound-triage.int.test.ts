import {
  addDays,
  type CustomerDetail,
  type EventDetail,
  type InboundEmailDetail,
  type InboundSecret,
  type InboundWebhookResponse,
  type InvoiceCopyPreview,
  organisationToday,
  type TimelineResponse,
} from '@receivables/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { closeTransports } from '../src/lib/smtp-transport';

import { configureMail } from './delivery-helpers';
import { plainMessage, replyingOrg, sentReminder } from './inbound-helpers';
import { useIntegrationEnv } from './integration-env';
import { expectError, insertInvoice, okBody, type SmtpSink, startSmtpSink, withOrg } from './support';
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

const today = () => organisationToday('Europe/London');

/** An organisation with a reminder sent to a customer, and a function that posts that customer's reply to the webhook. */
async function replyingCustomer() {
  const org = await replyingOrg(env, sink);
  const contact = `ap-${crypto.randomUUID().slice(0, 8)}@customer.example`;
  const sent = await sentReminder(env, sink, org, contact);
  const { secret } = okBody(await org.user.api<InboundSecret>('POST', '/api/settings/email/inbound-secret'));
  // Replies arrive without pausing, so each action's own pause is what the test sees.
  okBody(await org.user.api('PUT', '/api/settings/email/inbound', { pause_on_reply: false }));
  const reply = async (body: string, from = contact, messageId = `<${crypto.randomUUID()}@customer.example>`): Promise<InboundEmailDetail> => {
    // From the contact, in answer to the reminder; from anyone else, a new message to the reply domain.
    const answering: Record<string, string> = from === contact ? { To: sent.replyTo, 'In-Reply-To': sent.messageId } : { To: `accounts@${org.domain}` };
    const raw = plainMessage({ From: `Pat Payer <${from}>`, Subject: 'Re: reminder', 'Message-ID': messageId, ...answering }, body);
    const posted = await env.anonymous()<InboundWebhookResponse>('POST', '/api/inbound/email', raw, { 'content-type': 'message/rfc822', authorization: `Bearer ${secret}` });
    expect(posted.status).toBe(202);
    return okBody(await org.user.api<InboundEmailDetail>('GET', `/api/inbound/${posted.body.inbound_email_id}/`));
  };
  const customer = async () => okBody(await org.user.api<CustomerDetail>('GET', `/api/customers/${sent.customerId}/`));
  // The timeline's record of the person's action on this reply (its entity is the received email).
  const triageEntry = async (message: InboundEmailDetail) =>
    okBody(await org.user.api<TimelineResponse>('GET', `/api/customers/${sent.customerId}/timeline/`)).rows.find(
      (i) => i.kind === 'edit' && i.action === 'inbound.triage' && i.entity_id === message.id,
    );
  return { org, sent, reply, customer, triageEntry };
}

describe('acting on a reply’s triage suggestion', () => {
  it('records a promise: the suggested day prefilled from the reply, the customer paused through it, on the timeline', async () => {
    const { org, sent, reply, customer } = await replyingCustomer();
    const promised = addDays(today(), 12);
    const written = new Date(`${promised}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    const message = await reply(`Hello, we will pay this on ${written}. Regards`);
    expect(message.triage).toMatchObject({ category: 'promise', promised_on: promised });

    // A promise for a day already past is refused, naming the field.
    expectError(await org.user.api('POST', `/api/inbound/${message.id}/triage`, { action: 'record_promise', promised_on: today() }), 400, 'VALIDATION_FAILED', 'promised_on');
    const acted = okBody(await org.user.api<InboundEmailDetail>('POST', `/api/inbound/${message.id}/triage`, { action: 'record_promise', promised_on: promised }));
    expect(acted).toMatchObject({ triage_action: 'record_promise', triage_actor_name: expect.any(String) as string });
    // Paused through the promised day: chasing starts again the day after, if it is still owed.
    expect(await customer()).toMatchObject({ standing: 'paused', paused_until: addDays(promised, 1), pause_reason: 'promise', pause_event_id: message.event_id });

    const timeline = okBody(await org.user.api<TimelineResponse>('GET', `/api/customers/${sent.customerId}/timeline/`)).rows;
    expect(timeline.find((i) => i.kind === 'edit' && i.action === 'inbound.triage')).toMatchObject({
      actor_id: org.user.userId,
      changes: { triage_action: { from: null, to: 'record_promise' }, promised_on: { to: promised } },
    });
  });

  it('pauses 7 days for a claimed payment, until resumed for a dispute, and replaces the contact a reply names; each on the timeline', async () => {
    const { org, reply, customer, triageEntry } = await replyingCustomer();
    const acted = (action: string) => ({ actor_id: org.user.userId, changes: { triage_action: { from: null, to: action } } });
    const paid = await reply('We paid this yesterday by bank transfer.');
    expect(paid.triage?.category).toBe('paid');
    okBody(await org.user.api('POST', `/api/inbound/${paid.id}/triage`, { action: 'mark_paid' }));
    expect(await customer()).toMatchObject({ standing: 'paused', paused_until: addDays(today(), 7), pause_reason: 'says_paid' });
    expect(await triageEntry(paid)).toMatchObject(acted('mark_paid'));

    const disputed = await reply('We dispute this invoice: the goods never arrived.');
    expect(disputed.triage?.category).toBe('dispute');
    okBody(await org.user.api('POST', `/api/inbound/${disputed.id}/triage`, { action: 'mark_disputed' }));
    expect(await customer()).toMatchObject({ standing: 'paused', paused_until: null, pause_reason: 'dispute' });
    expect(await triageEntry(disputed)).toMatchObject(acted('mark_disputed'));

    const moved = await reply('I have left the company. Please contact Dana Jones at dana.jones@customer.example instead.');
    expect(moved.triage).toMatchObject({ category: 'wrong_contact', new_contact: { email: 'dana.jones@customer.example' } });
    expect(await triageEntry(moved)).toBeUndefined();
    okBody(await org.user.api('POST', `/api/inbound/${moved.id}/triage`, { action: 'replace_contact', email: 'dana.jones@customer.example', name: 'Dana Jones' }));
    expect((await customer()).contact).toMatchObject({ email: 'dana.jones@customer.example', name: 'Dana Jones', undeliverable: null });
    expect(await triageEntry(moved)).toMatchObject(acted('replace_contact'));
    expectError(await org.user.api('POST', `/api/inbound/${moved.id}/triage`, { action: 'replace_contact', email: 'not an address' }), 400, 'VALIDATION_FAILED', 'email');
  });

  it('pauses a customer who asks to stop being emailed, as asked_to_stop until resumed, on the timeline', async () => {
    const { org, reply, customer, triageEntry } = await replyingCustomer();
    const stop = await reply('Please stop emailing us about this. We will contact you when we are ready.');
    expect(stop.triage).toMatchObject({ category: 'stop', matches: expect.arrayContaining([expect.stringMatching(/stop emailing/i)]) as string[] });
    // Nothing happens until a person confirms: the reply alone does not pause (pause on reply is off here).
    expect((await customer()).standing).not.toBe('paused');

    const acted = okBody(await org.user.api<InboundEmailDetail>('POST', `/api/inbound/${stop.id}/triage`, { action: 'pause' }));
    expect(acted.triage_action).toBe('pause');
    expect(await customer()).toMatchObject({ standing: 'paused', paused_until: null, pause_reason: 'asked_to_stop', pause_event_id: stop.event_id });
    expect(await triageEntry(stop)).toMatchObject({ actor_id: org.user.userId, changes: { triage_action: { from: null, to: 'pause' } } });
  });

  it('lets an unassigned message only be dismissed until it is on a customer; another organisation’s is not found', async () => {
    const { org, reply } = await replyingCustomer();
    const stranger = await reply('Could you send me a statement of account?', 'someone.new@elsewhere.example');
    expect(stranger).toMatchObject({ customer_id: null, triage: { category: 'copy_request' } });
    expectError(await org.user.api('POST', `/api/inbound/${stranger.id}/triage`, { action: 'mark_paid' }), 422, 'DOMAIN_RULE', 'action');
    const other = await env.signUp();
    expectError(await other.api('POST', `/api/inbound/${stranger.id}/triage`, { action: 'dismiss' }), 404, 'NOT_FOUND');
    expectError(await org.user.api('POST', `/api/inbound/${stranger.id}/triage`, { action: 'shout' }), 400, 'VALIDATION_FAILED', 'action');
    const dismissed = okBody(await org.user.api<InboundEmailDetail>('POST', `/api/inbound/${stranger.id}/triage`, { action: 'dismiss' }));
    expect(dismissed.triage_action).toBe('dismiss');
  });

  it('sends the copy a reply asks for: the open invoices with their links, to whoever asked, threaded under the reply, once', async () => {
    const { org, sent, reply } = await replyingCustomer();
    // Besides the overdue invoice of the reminder, one not due yet: the copy is a statement of everything open.
    await insertInvoice(env.db.db, org.user.orgId, sent.customerId, {
      number: 'INV-2001',
      amountDue: 45_000,
      dueDate: addDays(today(), 20),
      paymentUrl: 'https://pay.example/inv-2001',
    });
    const theirId = `<${crypto.randomUUID()}@customer.example>`;
    const asking = await reply('Hello, could you send me a copy of the invoice? We cannot find it anywhere.', sent.email, theirId);
    expect(asking.triage?.category).toBe('copy_request');

    const preview = okBody(await org.user.api<InvoiceCopyPreview>('GET', `/api/inbound/${asking.id}/copy/`));
    expect(preview).toMatchObject({ to: { address: sent.email, name: 'Pat Payer' }, subject: 'Re: reminder', total: 135_000, currency: 'GBP' });
    expect(preview.invoices.map((i) => [i.amount_remaining, i.payment_url])).toEqual([
      [90_000, null],
      [45_000, 'https://pay.example/inv-2001'],
    ]);

    const before = sink.messages.length;
    // It goes to whoever asked: an address of the caller's choosing is refused, not ignored.
    expectError(await org.user.api('POST', `/api/inbound/${asking.id}/triage`, { action: 'send_copy', to: 'someone@elsewhere.example' }), 400, 'VALIDATION_FAILED', 'to');
    const acted = okBody(await org.user.api<InboundEmailDetail>('POST', `/api/inbound/${asking.id}/triage`, { action: 'send_copy' }));
    expect(acted).toMatchObject({ triage_action: 'send_copy', triage_actor_name: expect.any(String) as string, answer_event_id: expect.any(String) as string });
    const arrived = sink.messages.slice(before);
    expect(arrived).toHaveLength(1);
    const mail = readMail(arrived[0]?.raw ?? '');
    expect(arrived[0]?.to).toEqual([sent.email]);
    expect(mail.subject).toBe('Re: reminder');
    expect(mail.headers.get('in-reply-to')).toBe(theirId);
    // The conversation so far: the reminder their reply answered, then their reply (decision 0044).
    expect(mail.headers.get('references')?.split(/\s+/)).toEqual([sent.messageId, theirId]);
    expect(mail.headers.get('reply-to')).toMatch(new RegExp(`reply\\+[a-z2-7]+@${org.domain.replace(/\./g, '\\.')}`));
    expect(mail.text).toContain('INV-2001');
    expect(mail.text).toContain('£1,350.00 in all');
    expect(mail.html).toContain('href="https://pay.example/inv-2001"');

    // The answer is an email of its own, sent, in the conversation after the reply.
    const answer = okBody(await org.user.api<EventDetail>('GET', `/api/events/${acted.answer_event_id}/`));
    expect(answer).toMatchObject({ status: 'success', direction: 'outbox', subject: 'Re: reminder', to: [{ email: sent.email }] });
    const threaded = okBody(await org.user.api<EventDetail>('GET', `/api/events/${asking.event_id}/`));
    expect(threaded.thread.map((entry) => entry.event_id)).toEqual([sent.eventId, asking.event_id, acted.answer_event_id]);
    expect(answer.thread.map((entry) => entry.event_id)).toEqual(threaded.thread.map((entry) => entry.event_id));

    // Asked again (a second click, another tab): refused, and nothing more is sent.
    expectError(await org.user.api('POST', `/api/inbound/${asking.id}/triage`, { action: 'send_copy' }), 409, 'CONFLICT', 'action');
    expect(sink.messages.length).toBe(before + 1);
    const timeline = okBody(await org.user.api<TimelineResponse>('GET', `/api/customers/${sent.customerId}/timeline/`)).rows;
    expect(timeline.find((i) => i.kind === 'edit' && i.action === 'inbound.triage')).toMatchObject({ changes: { triage_action: { to: 'send_copy' } } });
  });

  it('sends no copy while sending is disabled, to a customer who owes nothing open, or for an automatic reply; and keeps nothing of it', async () => {
    const { org, sent, reply } = await replyingCustomer();
    const asking = await reply('Please send us a statement of account.', sent.email);
    const sendCopy = () => org.user.api('POST', `/api/inbound/${asking.id}/triage`, { action: 'send_copy' });
    const before = sink.messages.length;

    await configureMail(env.db.db, org.user.orgId, { sink, mode: 'disabled' });
    expectError(await sendCopy(), 422, 'DOMAIN_RULE', 'action');
    await configureMail(env.db.db, org.user.orgId, { sink, mode: 'sending' });

    await withOrg(env.db.db, org.user.orgId, (tx) => tx.execute(sql`update invoice set status = 'paid', amount_remaining = 0 where customer_id = ${sent.customerId}`));
    expectError(await org.user.api('GET', `/api/inbound/${asking.id}/copy/`), 422, 'DOMAIN_RULE', 'action');
    expectError(await sendCopy(), 422, 'DOMAIN_RULE', 'action');

    const away = await reply('I am out of the office until Monday with limited access to email.', sent.email);
    expect(away.kind).toBe('auto_reply');
    expectError(await org.user.api('POST', `/api/inbound/${away.id}/triage`, { action: 'send_copy' }), 422, 'DOMAIN_RULE', 'action');

    expect(sink.messages.length).toBe(before);
    const detail = okBody(await org.user.api<InboundEmailDetail>('GET', `/api/inbound/${asking.id}/`));
    expect(detail).toMatchObject({ triage_action: null, answer_event_id: null });
  });
});
