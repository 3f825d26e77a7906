import type { AuditListResponse, CustomerDetail, EmailTemplate, EmailTemplateListResponse, EventDetail, SendToMeResponse } from '@receivables/contracts';
import { daysLate, emailTemplatePreviewSchema, eventDetailSchema, organisationToday, sendToMeResponseSchema } from '@receivables/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';

import { event } from '../src/db/schema';
import { closeTransports } from '../src/lib/smtp-transport';

import { configureMail } from './delivery-helpers';
import {
  apiClient,
  createTestDatabase,
  expectError,
  insertContact,
  insertCustomer,
  insertEvent,
  insertInvoice,
  isoDay,
  refreshCustomerFigures,
  type SignedUpUser,
  signUpWithOrg,
  type SmtpSink,
  startSmtpSink,
  startTestServer,
  type TestDatabase,
  type TestServer,
  withOrg,
} from './support';
import { readMail } from './support/mime-parts';

// A password with the characters a log line or a URL would mangle, and unlike anything else in it.
const SMTP_PASSWORD = 'Sm7p-pa55_%:@zq!';
const logLines: string[] = [];
let tdb: TestDatabase;
let server: TestServer;
let sink: SmtpSink;
let sender: SignedUpUser;
let unconfigured: SignedUpUser;

beforeAll(async () => {
  tdb = await createTestDatabase(inject('adminDatabaseUrl'));
  // The whole log, at its most talkative, to look for the password in.
  server = await startTestServer(tdb.db, { LOG_LEVEL: 'trace' }, undefined, { logStream: { write: (line) => logLines.push(line) } });
  sink = await startSmtpSink({ auth: { user: 'mailer', pass: SMTP_PASSWORD } });
  sender = await signUpWithOrg(server);
  unconfigured = await signUpWithOrg(server);
  await configureMail(tdb.db, sender.orgId, { sink, user: 'mailer', password: SMTP_PASSWORD, from: { name: 'Acme Accounts', email: 'accounts@acme.test' }, mode: 'sending' });
});
afterAll(async () => {
  closeTransports();
  await sink.close();
  await server.close();
  await tdb.drop();
});

/** A customer owing since last week, with a reminder planned for tomorrow, as the scheduler plans one. */
async function plannedReminder(user: SignedUpUser, contact = 'pat@payer.example'): Promise<{ eventId: string; customerId: string }> {
  const templates = await user.api<EmailTemplateListResponse>('GET', '/api/emails/');
  const template = templates.body.rows.find((t) => t.kind === 'regular_email');
  if (!template) throw new Error('no regular template');
  const c = await insertCustomer(tdb.db, user.orgId, { name: `Payer ${crypto.randomUUID().slice(0, 6)}` });
  await insertContact(tdb.db, user.orgId, c.id, { role: 'primary', name: 'Pat Payer', email: contact });
  await insertInvoice(tdb.db, user.orgId, c.id, { amountDue: 90_000, issuedOn: isoDay(-40), dueDate: isoDay(-7) });
  await refreshCustomerFigures(tdb.db, user.orgId, { today: isoDay(0) });
  const e = await insertEvent(tdb.db, user.orgId, c.id, {
    emailId: template.id,
    kind: 'regular_email',
    standing: 'single_missed',
    scheduledFor: new Date(Date.now() + 86_400_000),
    toAddresses: [{ name: 'Pat Payer', email: contact }],
    subject: 'As planned',
  });
  // The episode to the microsecond, as the scheduler stores it (a JS Date would cut it to the millisecond).
  await withOrg(tdb.db, user.orgId, (tx) => tx.execute(sql`
    update event e set episode_start = c.standing_since from customer c where c.id = e.customer_id and e.id = ${e.id}`));
  return { eventId: e.id, customerId: c.id };
}

const execute = (user: SignedUpUser, id: string) => user.api<EventDetail>('POST', `/api/events/execute/${id}/`);

/** The audit log's newest entry of `action`, as the log's screen words it (issue 30: every action that sends). */
async function lastAudit(user: SignedUpUser, action: string) {
  const log = await user.api<AuditListResponse>('GET', `/api/audit/?action=${encodeURIComponent(action)}`);
  expect(log.status, JSON.stringify(log.body)).toBe(200);
  return log.body.rows[0];
}

describe('POST /api/events/execute/{id}/', () => {
  it('sends a planned email now, through the same claim, and answers it sent; the person is its actor; Last contact follows', async () => {
    const { eventId, customerId } = await plannedReminder(sender, 'pat.now@payer.example');
    expect((await sender.api<CustomerDetail>('GET', `/api/customers/${customerId}`)).body.last_chase_at).toBeNull();
    const before = await sender.api<EventDetail>('GET', `/api/events/${eventId}/`);
    expect(before.body).toMatchObject({ status: 'pending', can_execute: true, can_cancel: true });
    const res = await execute(sender, eventId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const detail = eventDetailSchema.parse(res.body);
    expect(detail).toMatchObject({ status: 'success', attempts: 1, can_execute: false, can_cancel: false, next_attempt_at: null });
    expect(detail.smtp_response).toMatch(/^250 /);
    expect(Date.parse(detail.scheduled_for ?? '')).toBeLessThanOrEqual(Date.now());
    expect(detail.history.map((h) => [h.status, h.actor_id])).toEqual([['pending', null], ['success', sender.userId]]);
    const arrived = sink.messages.filter((m) => readMail(m.raw).headers.get('message-id') === detail.message_id);
    expect(arrived.map((m) => [m.to, m.user])).toEqual([[['pat.now@payer.example'], 'mailer']]);
    expect(readMail(arrived[0]?.raw ?? '').subject).toBe(detail.subject);
    // What Home and the customer list show as the customer's last contact: this send.
    expect(detail.sent_at).not.toBeNull();
    expect((await sender.api<CustomerDetail>('GET', `/api/customers/${customerId}`)).body.last_chase_at).toBe(detail.sent_at);
    // The audit log says who sent which email to whom, in words.
    const customerName = (await sender.api<CustomerDetail>('GET', `/api/customers/${customerId}`)).body.name;
    expect(await lastAudit(sender, 'event.send_now')).toMatchObject({
      actor: { id: sender.userId },
      entity_id: eventId,
      description: `sent “${detail.subject}” to ${customerName} now, by hand`,
    });

    // Once sent, never again: 409, and nothing more arrives.
    expectError(await execute(sender, eventId), 409, 'CONFLICT', 'eventId');
    expect(sink.messages.filter((m) => readMail(m.raw).headers.get('message-id') === detail.message_id)).toHaveLength(1);
  });

  it('counts days late to the day it goes: planned two days ahead, the page shows that day’s figures and says so; sent now, today’s reach the customer', async () => {
    const { eventId, customerId } = await plannedReminder(sender, 'pat.early@payer.example');
    const inTwoDays = new Date(Date.now() + 2 * 86_400_000);
    await withOrg(tdb.db, sender.orgId, (tx) => tx.update(event).set({ scheduledFor: inTwoDays }).where(eq(event.id, eventId)));
    const { time_zone: timeZone } = (await sender.api<{ time_zone: string }>('GET', '/api/settings/chasing')).body;
    const [invoice] = (await withOrg(tdb.db, sender.orgId, (tx) => tx.execute<{ number: string; due_date: string }>(sql`
      select number, due_date from invoice where customer_id = ${customerId}`))).rows;
    if (!invoice) throw new Error('no invoice');
    const today = organisationToday(timeZone);
    const lateToday = daysLate(invoice.due_date, today) ?? -1;
    const rowSays = (text: string) => Number(new RegExp(`${invoice.number} +\\S+ \\S+ \\S+ +(\\d+) `).exec(text)?.[1]);

    const page = eventDetailSchema.parse((await sender.api<EventDetail>('GET', `/api/events/${eventId}/`)).body);
    expect(page.live_render_day).toBe(organisationToday(timeZone, inTwoDays));
    expect(rowSays(page.text)).toBe(lateToday + 2);

    const sent = eventDetailSchema.parse((await execute(sender, eventId)).body);
    expect(sent.status).toBe('success');
    const [arrived] = sink.messages.filter((m) => readMail(m.raw).headers.get('message-id') === sent.message_id);
    // What the customer reads is the days late of the day it went, as the database has it.
    expect(rowSays(readMail(arrived?.raw ?? '').text)).toBe(lateToday);
  });

  it('sends an unknown email again, and a dry-run draft for real: back to pending by the person, then sent, a new Message-ID', async () => {
    const lost = await plannedReminder(sender, 'pat.again@payer.example');
    await withOrg(tdb.db, sender.orgId, (tx) => tx.update(event).set({
      status: 'unknown', statusReason: 'outcome_unknown', messageId: '<lost@acme.test>', attempts: 1, claimedAt: new Date(), scheduledFor: new Date(Date.now() - 3_600_000),
    }).where(eq(event.id, lost.eventId)));
    expect((await sender.api<EventDetail>('GET', `/api/events/${lost.eventId}/`)).body).toMatchObject({ status: 'unknown', can_execute: true });
    const again = eventDetailSchema.parse((await execute(sender, lost.eventId)).body);
    expect(again).toMatchObject({ status: 'success', attempts: 1, status_reason: null });
    expect(again.message_id).not.toBe('<lost@acme.test>');
    expect(again.history.slice(-2).map((h) => [h.status, h.actor_id])).toEqual([['pending', sender.userId], ['success', sender.userId]]);
    expect(sink.messages.filter((m) => readMail(m.raw).headers.get('message-id') === again.message_id)).toHaveLength(1);

    await configureMail(tdb.db, sender.orgId, { sink, user: 'mailer', password: SMTP_PASSWORD, from: { name: 'Acme Accounts', email: 'accounts@acme.test' }, mode: 'dryrun' });
    try {
      const drafted = await plannedReminder(sender, 'pat.draft@payer.example');
      await withOrg(tdb.db, sender.orgId, (tx) => tx.update(event).set({ status: 'draft_success', sentAt: new Date() }).where(eq(event.id, drafted.eventId)));
      const sent = eventDetailSchema.parse((await execute(sender, drafted.eventId)).body);
      expect(sent.status).toBe('success');
      expect(sink.messages.filter((m) => m.to.includes('pat.draft@payer.example'))).toHaveLength(1);
    } finally {
      await configureMail(tdb.db, sender.orgId, { sink, user: 'mailer', password: SMTP_PASSWORD, from: { name: 'Acme Accounts', email: 'accounts@acme.test' }, mode: 'sending' });
    }
  });

  it('is a 409 for an email in flight, superseded or received, and for one whose debt was paid since (which it supersedes)', async () => {
    const inFlight = await plannedReminder(sender);
    const lease = { claimedAt: new Date(), leaseUntil: new Date(Date.now() + 60_000) };
    await withOrg(tdb.db, sender.orgId, (tx) => tx.update(event).set(lease).where(eq(event.id, inFlight.eventId)));
    expectError(await execute(sender, inFlight.eventId), 409, 'CONFLICT', 'eventId');
    expectError(await sender.api('POST', `/api/events/${inFlight.eventId}/cancel/`), 409, 'CONFLICT', 'id');
    expect((await sender.api<EventDetail>('GET', `/api/events/${inFlight.eventId}/`)).body).toMatchObject({ can_execute: false, can_cancel: false });

    const paid = await plannedReminder(sender);
    await withOrg(tdb.db, sender.orgId, (tx) => tx.execute(sql`update invoice set status = 'paid', amount_paid = amount_due, amount_remaining = 0 where customer_id = ${paid.customerId}`));
    await refreshCustomerFigures(tdb.db, sender.orgId, { today: isoDay(0) });
    expect((await sender.api<EventDetail>('GET', `/api/events/${paid.eventId}/`)).body.can_execute).toBe(false);
    const res = await execute(sender, paid.eventId);
    expectError(res, 409, 'CONFLICT', 'eventId');
    expect(JSON.stringify(res.body)).toContain('paid');
    const after = await sender.api<EventDetail>('GET', `/api/events/${paid.eventId}/`);
    expect(after.body).toMatchObject({ status: 'superseded', status_reason: 'debt_paid' });
    expect(after.body.history.at(-1)).toMatchObject({ status: 'superseded', actor_id: sender.userId });
  });

  it('another organisation’s email is a 404; an organisation with no mail server or from address is a 422', async () => {
    const { eventId } = await plannedReminder(sender);
    expectError(await execute(unconfigured, eventId), 404, 'NOT_FOUND');
    const own = await plannedReminder(unconfigured);
    expect((await unconfigured.api<EventDetail>('GET', `/api/events/${own.eventId}/`)).body.can_execute).toBe(false);
    const res = await execute(unconfigured, own.eventId);
    expectError(res, 422, 'DOMAIN_RULE', 'eventId');
    expect(JSON.stringify(res.body)).toMatch(/No mail server/);
    expect((await unconfigured.api<EventDetail>('GET', `/api/events/${own.eventId}/`)).body).toMatchObject({ status: 'pending', attempts: 0 });
  });
});

describe('POST /api/emails/{id}/send_to_me', () => {
  it('sends the template, filled in for the top debtor, to the signed-in person, marked [Test], whatever the mode', async () => {
    await configureMail(tdb.db, sender.orgId, { sink, user: 'mailer', password: SMTP_PASSWORD, from: { name: 'Acme Accounts', email: 'accounts@acme.test' }, mode: 'dryrun' });
    try {
      const templates = await sender.api<EmailTemplateListResponse>('GET', '/api/emails/');
      const template = templates.body.rows[0];
      if (!template) throw new Error('no template');
      const res = await sender.api<SendToMeResponse>('POST', `/api/emails/${template.id}/send_to_me`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const body = sendToMeResponseSchema.parse(res.body);
      expect(body.to).toBe(sender.email);
      expect(body.subject).toMatch(/^\[Test\] /);
      expect(body.sample_customer).toMatch(/^Payer /);
      const arrived = sink.messages.filter((m) => readMail(m.raw).headers.get('message-id') === body.message_id);
      expect(arrived.map((m) => m.to)).toEqual([[sender.email]]);
      expect(readMail(arrived[0]?.raw ?? '').subject).toBe(body.subject);
      expect(await lastAudit(sender, 'email_template.send_to_me')).toMatchObject({
        actor: { id: sender.userId },
        entity_id: template.id,
        description: `sent the template “${template.name}” to themselves (${sender.email})`,
      });
    } finally {
      await configureMail(tdb.db, sender.orgId, { sink, user: 'mailer', password: SMTP_PASSWORD, from: { name: 'Acme Accounts', email: 'accounts@acme.test' }, mode: 'sending' });
    }
  });

  it('sends the customer chosen in the preview exactly as previewed, their name and figures and not the top debtor’s, in the wording chosen (issue 29)', async () => {
    const top = await insertCustomer(tdb.db, sender.orgId, { name: 'Top Debtor Holdings' });
    await insertContact(tdb.db, sender.orgId, top.id, { role: 'primary', name: 'Tom Top', email: 'tom@top.example' });
    await insertInvoice(tdb.db, sender.orgId, top.id, { amountDue: 5_000_000, issuedOn: isoDay(-60), dueDate: isoDay(-30), number: 'TOP-1' });
    const chosen = await insertCustomer(tdb.db, sender.orgId, { name: 'Chosen Café Ltd' });
    await insertContact(tdb.db, sender.orgId, chosen.id, { role: 'primary', name: 'Carla Chosen', email: 'carla@chosen.example' });
    await insertInvoice(tdb.db, sender.orgId, chosen.id, { amountDue: 12_345, issuedOn: isoDay(-40), dueDate: isoDay(-9), number: 'CAFE-7' });
    await refreshCustomerFigures(tdb.db, sender.orgId, { today: isoDay(0) });
    const arrivedAs = (messageId: string) => {
      const arrived = sink.messages.filter((m) => readMail(m.raw).headers.get('message-id') === messageId);
      expect(arrived.map((m) => m.to)).toEqual([[sender.email]]);
      return readMail(arrived[0]?.raw ?? '');
    };
    const sameText = (a: string, b: string) => expect(a.replace(/\r\n/g, '\n').trim()).toBe(b.replace(/\r\n/g, '\n').trim());

    const templates = (await sender.api<EmailTemplateListResponse>('GET', '/api/emails/')).body.rows;
    const friendly = templates.find((t) => t.name === 'Friendly reminder');
    if (!friendly) throw new Error('no Friendly reminder');
    const { tone, kind, subject, body, variation } = friendly;
    const preview = emailTemplatePreviewSchema.parse((await sender.api('POST', '/api/emails/preview/', { tone, kind, subject, body, variation, customer_id: chosen.id })).body);
    const res = await sender.api<SendToMeResponse>('POST', `/api/emails/${friendly.id}/send_to_me`, { customer_id: chosen.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ sample_customer: 'Chosen Café Ltd', subject: `[Test] ${preview.subject}` });
    const mail = arrivedAs(res.body.message_id);
    expect(mail.subject).toBe(`[Test] ${preview.subject}`);
    sameText(mail.text, preview.text);
    for (const said of ['Carla', 'CAFE-7', '£123.45']) expect(mail.text).toContain(said);
    for (const notSaid of ['Top Debtor Holdings', 'Tom', 'TOP-1', '£50,000.00']) expect(mail.text).not.toContain(notSaid);
    // Naming no customer, it is still the top debtor's.
    expect((await sender.api<SendToMeResponse>('POST', `/api/emails/${friendly.id}/send_to_me`)).body.sample_customer).toBe('Top Debtor Holdings');

    // Written from the tone: the letter of the wording the preview showed, not the first.
    const full = (await sender.api<EmailTemplate>('POST', '/api/emails/', { name: 'From the firm tone', tone: 'firm', kind: 'regular_email', variation: 'full' })).body;
    const fullPreview = emailTemplatePreviewSchema.parse(
      (await sender.api('POST', '/api/emails/preview/', { tone: 'firm', kind: 'regular_email', variation: 'full', customer_id: chosen.id })).body,
    );
    const second = fullPreview.wordings[1];
    if (!second) throw new Error(`one wording only: ${JSON.stringify(fullPreview.wordings)}`);
    const fromTone = await sender.api<SendToMeResponse>('POST', `/api/emails/${full.id}/send_to_me`, { customer_id: chosen.id, wording: second.wording });
    expect(fromTone.status, JSON.stringify(fromTone.body)).toBe(200);
    const letter = arrivedAs(fromTone.body.message_id);
    expect(letter.subject).toBe(`[Test] ${second.subject}`);
    sameText(letter.text, second.text);
    expect(letter.text).toContain('CAFE-7');

    // Another organisation's customer is not found; a wording out of range is refused.
    const stranger = await insertCustomer(tdb.db, unconfigured.orgId);
    expectError(await sender.api('POST', `/api/emails/${friendly.id}/send_to_me`, { customer_id: stranger.id }), 404, 'NOT_FOUND', 'customer_id');
    expectError(await sender.api('POST', `/api/emails/${friendly.id}/send_to_me`, { customer_id: chosen.id, wording: 0 }), 400, 'VALIDATION_FAILED', 'wording');
  });

  it('uses a made-up customer when no one owes, and is a 422 with the reason when there is no mail server', async () => {
    const templates = await unconfigured.api<EmailTemplateListResponse>('GET', '/api/emails/');
    const id = templates.body.rows[0]?.id ?? '';
    const refused = await unconfigured.api('POST', `/api/emails/${id}/send_to_me`);
    expectError(refused, 422, 'DOMAIN_RULE', 'emailId');
    expect(JSON.stringify(refused.body)).toMatch(/mail server|from address/);
    const fresh = await signUpWithOrg(server);
    await configureMail(tdb.db, fresh.orgId, { sink, user: 'mailer', password: SMTP_PASSWORD, from: { name: 'Fresh', email: 'hello@fresh.test' } });
    const freshTemplates = await fresh.api<EmailTemplateListResponse>('GET', '/api/emails/');
    const res = await fresh.api<SendToMeResponse>('POST', `/api/emails/${freshTemplates.body.rows[0]?.id ?? ''}/send_to_me`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.sample_customer).toBe('Sample Customer Ltd');
    expectError(await fresh.api('POST', `/api/emails/${crypto.randomUUID()}/send_to_me`), 404, 'NOT_FOUND');
  });
});

describe('OpenAPI', () => {
  it('documents sending by hand with its request and answer schemas', async () => {
    type Op = { tags?: string[]; parameters?: { name: string; in: string }[]; requestBody?: unknown; responses?: Record<string, unknown> };
    const doc = (await apiClient(server)<{ paths: Record<string, Record<string, Op>> }>('GET', '/api/docs/json')).body;
    const execute = doc.paths['/api/events/execute/{eventId}/']?.post;
    expect(execute?.tags).toEqual(['events']);
    expect(execute?.parameters?.filter((p) => p.in === 'path').map((p) => p.name)).toEqual(['eventId']);
    expect(Object.keys(execute?.responses ?? {})).toEqual(expect.arrayContaining(['200', '404', '409', '422']));
    const toMe = doc.paths['/api/emails/{id}/send_to_me']?.post;
    expect(toMe?.tags).toEqual(['emails']);
    expect(Object.keys(toMe?.responses ?? {})).toEqual(expect.arrayContaining(['200', '422']));
    // The customer and wording the preview shows (issue 29), neither required.
    const request = JSON.stringify(toMe?.requestBody);
    expect(request).toContain('"customer_id"');
    expect(request).toContain('"wording"');
    expect(request).not.toContain('"required":["customer_id"');
    const preview = doc.paths['/api/emails/preview/']?.post;
    expect(JSON.stringify(preview?.responses?.['200'])).toContain('"wordings"');
  });
});

describe('the organisation’s SMTP password', () => {
  it('never appears in an answer or a log line, even when the server refuses it', async () => {
    // The server now wants another password: the sign-in is refused, the email waits for a retry.
    const strict = await startSmtpSink({ auth: { user: 'mailer', pass: 'another-one' } });
    try {
      await configureMail(tdb.db, sender.orgId, { sink: strict, user: 'mailer', password: SMTP_PASSWORD, from: { name: 'Acme Accounts', email: 'accounts@acme.test' }, mode: 'sending' });
      const { eventId } = await plannedReminder(sender);
      const res = await execute(sender, eventId);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'pending', attempts: 1, can_execute: true });
      expect(res.body.smtp_response).toMatch(/535/);
      expect(res.body.next_attempt_at).not.toBeNull();
      expect(strict.authAttempts).toEqual([{ user: 'mailer', accepted: false }]);
      expect(res.text).not.toContain(SMTP_PASSWORD);
    } finally {
      await strict.close();
      await configureMail(tdb.db, sender.orgId, { sink, user: 'mailer', password: SMTP_PASSWORD, from: { name: 'Acme Accounts', email: 'accounts@acme.test' }, mode: 'sending' });
    }
    expect(logLines.length).toBeGreaterThan(10);
    const leaks = logLines.filter((line) => line.includes(SMTP_PASSWORD) || line.includes(encodeURIComponent(SMTP_PASSWORD)));
    expect(leaks).toEqual([]);
  });
});
