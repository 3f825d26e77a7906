import type { CustomerDetail, TimelineResponse } from '@receivables/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { closeTransports } from '../src/lib/smtp-transport';
import { sendDueEmails } from '../src/modules/delivery/send-due-emails';
import type { InboundSmtpServer } from '../src/modules/inbound/inbound-smtp-server';
import { getCustomerPlan } from '../src/modules/workflows/get-customer-plan';
import { previewWorkflow } from '../src/modules/workflows/preview-workflow';

import { senderDepsFor } from './delivery-helpers';
import { type ChasingOrg, deliver, replyingOrg, SENT_AT, sentReminder, startTestListener } from './inbound-helpers';
import { useIntegrationEnv } from './integration-env';
import { hourlyPass, readEvents } from './scheduling-helpers';
import { okBody, readdressFixture, readInboundFixture, type SmtpSink, startSmtpSink, testConfig, withHeaders } from './support';

const env = useIntegrationEnv();
let sink: SmtpSink;
let listener: InboundSmtpServer;
/** The clock the listener reads a report at: the sender's test clock, so bounce and resend share one timeline. */
let clock = SENT_AT;
beforeAll(async () => {
  sink = await startSmtpSink();
  ({ listener } = await startTestListener(env, { attachmentMaxBytes: 1024 * 1024, maxBytes: 1024 * 1024, now: () => clock }));
});
afterAll(async () => {
  await listener.close();
  closeTransports();
  await sink.close();
});

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const unique = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@customer.example`;
const sentTo = (address: string, from = 0) => sink.messages.slice(from).filter((m) => m.to.includes(address));

/** Hand the listener a delivery report returning the email with this Message-ID, as its own new message. */
async function bounceBack(org: ChasingOrg, fixture: 'dsn-postfix-user-unknown' | 'dsn-exim-mailbox-full', messageId: string | null) {
  if (!messageId) throw new Error('the email has no Message-ID to return');
  const report = withHeaders(readdressFixture(readInboundFixture(fixture), { messageId }), {
    'Message-ID': `<${crypto.randomUUID()}@mx.customer.example>`,
  });
  await deliver(listener, report, [`bounces@${org.domain}`], '');
}

async function eventOf(orgId: string, customerId: string, eventId: string) {
  const found = (await readEvents(env.db.db, orgId, customerId)).find((e) => e.id === eventId);
  if (!found) throw new Error(`no event ${eventId}`);
  return found;
}

describe('a hard bounce stops chasing to the address', () => {
  it('plans and sends nothing more to a primary contact whose address bounced, while a customer beside it is chased on; the customer says why', async () => {
    const org = await replyingOrg(env, sink);
    const gone = await sentReminder(env, sink, org, unique('gone'));
    const kept = await sentReminder(env, sink, org, unique('kept'));
    clock = new Date(SENT_AT.getTime() + 30 * MINUTE_MS);
    await bounceBack(org, 'dsn-postfix-user-unknown', (await eventOf(org.user.orgId, gone.customerId, gone.eventId)).messageId);

    // The customer page says the address bounced, with the remote server's words, and its timeline records it.
    const customer = okBody(await org.user.api<CustomerDetail>('GET', `/api/customers/${gone.customerId}/`));
    const bounced = { reason: expect.stringMatching(/user unknown/i) as string };
    expect(customer.contact).toMatchObject({ email: gone.email, undeliverable: bounced });
    // An email that came back reached nobody: it is no longer the customer's last contact (issue 30);
    // the customer beside it, whose reminder arrived, keeps its own.
    expect(customer.last_chase_at).toBeNull();
    expect(okBody(await org.user.api<CustomerDetail>('GET', `/api/customers/${kept.customerId}/`)).last_chase_at).not.toBeNull();
    const timeline = okBody(await org.user.api<TimelineResponse>('GET', `/api/customers/${gone.customerId}/timeline/`)).rows;
    const marked = timeline.find((i) => i.kind === 'edit' && i.action === 'contact.undeliverable');
    expect(marked).toMatchObject({ actor_id: null });

    // Two weeks of the worker's hourly pass and sender, once a day inside the send window.
    const mark = sink.messages.length;
    const deps = { db: env.db.db, orgId: org.user.orgId };
    for (let day = 1; day <= 15; day++) {
      const at = new Date(SENT_AT.getTime() + day * DAY_MS);
      await hourlyPass(env.db.db, org.user.orgId, at);
      await sendDueEmails(senderDepsFor(env.db.db, () => at), { orgId: org.user.orgId });
      if (day === 3) {
        // The plan still has the step (a new address given in time lets it go), and says it has no one to write to.
        const plan = await getCustomerPlan(deps, gone.customerId, at);
        // (Which reminder depends on the days since the due date, decision 0036: a regular one.)
        expect(plan.next).toMatchObject({ kind: 'regular_email' });
        const preview = await previewWorkflow(deps, plan.workflow!.id, gone.customerId, at);
        const reminders = preview.steps.filter((s) => s.kind === 'regular_email');
        expect(reminders.length).toBeGreaterThan(0);
        const bounced = expect.stringMatching(/primary contact’s address bounced/) as string;
        for (const step of reminders) expect(step).toMatchObject({ to: [], problem: bounced });
      }
    }

    // The passes did chase: the customer beside it was written to again; the bounced address never.
    expect(sentTo(kept.email, mark).length).toBeGreaterThanOrEqual(2);
    expect(sentTo(gone.email, mark)).toEqual([]);
    // Each step that fell due was recorded as having no one to go to, rather than not planned at all.
    const steps = (await readEvents(env.db.db, org.user.orgId, gone.customerId)).filter((e) => e.id !== gone.eventId);
    expect(steps.length).toBeGreaterThanOrEqual(2);
    // (A step whose day had passed when a later one's came is recorded skipped instead, decision 0036.)
    const neverSent = { status: 'superseded', reason: expect.stringMatching(/^(no_recipient|skipped)$/) as string, to: [] };
    for (const step of steps) expect(step).toMatchObject(neverSent);
    expect(steps.some((s) => s.reason === 'no_recipient')).toBe(true);
  });
});

describe('a soft bounce is sent again by the sender’s retry rules', () => {
  it('delivers the email a second time once its back-off is over, and not before', async () => {
    const org = await replyingOrg(env, sink);
    const full = await sentReminder(env, sink, org, unique('full'));
    expect(sentTo(full.email)).toHaveLength(1);
    clock = new Date(SENT_AT.getTime() + 10 * MINUTE_MS);
    await bounceBack(org, 'dsn-exim-mailbox-full', full.messageId);
    const waiting = await eventOf(org.user.orgId, full.customerId, full.eventId);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    const retryAt = new Date(waiting.nextAttemptAt ?? 0);
    expect(retryAt.getTime()).toBeGreaterThan(clock.getTime());

    await sendDueEmails(senderDepsFor(env.db.db, () => new Date(retryAt.getTime() - 1000)), { orgId: org.user.orgId });
    expect(sentTo(full.email)).toHaveLength(1);
    await sendDueEmails(senderDepsFor(env.db.db, () => new Date(retryAt.getTime() + 1000)), { orgId: org.user.orgId });
    expect(sentTo(full.email)).toHaveLength(2);
    expect(await eventOf(org.user.orgId, full.customerId, full.eventId)).toMatchObject({ status: 'success', attempts: 2 });
    // A mailbox that is full for now is no reason to stop writing to it.
    const customer = okBody(await org.user.api<CustomerDetail>('GET', `/api/customers/${full.customerId}/`));
    expect(customer.contact?.undeliverable).toBeNull();
  });

  it('fails the email as retries_exhausted when it bounces softly on its last attempt', async () => {
    const { maxAttempts } = testConfig().delivery;
    const org = await replyingOrg(env, sink);
    const full = await sentReminder(env, sink, org, unique('always-full'));
    clock = new Date(SENT_AT.getTime() + 10 * MINUTE_MS);
    for (let attempt = 1; attempt < maxAttempts; attempt++) {
      await bounceBack(org, 'dsn-exim-mailbox-full', (await eventOf(org.user.orgId, full.customerId, full.eventId)).messageId);
      const retryAt = (await eventOf(org.user.orgId, full.customerId, full.eventId)).nextAttemptAt;
      expect(retryAt, `retry after attempt ${attempt}`).not.toBeNull();
      clock = new Date(new Date(retryAt ?? 0).getTime() + MINUTE_MS);
      await sendDueEmails(senderDepsFor(env.db.db, () => clock), { orgId: org.user.orgId });
    }
    expect(sentTo(full.email)).toHaveLength(maxAttempts);
    await bounceBack(org, 'dsn-exim-mailbox-full', (await eventOf(org.user.orgId, full.customerId, full.eventId)).messageId);

    const spent = await eventOf(org.user.orgId, full.customerId, full.eventId);
    expect(spent).toMatchObject({ status: 'failure', reason: 'retries_exhausted', attempts: maxAttempts });
    expect(spent.error).toMatch(/mailbox full/i);
    await sendDueEmails(senderDepsFor(env.db.db, () => new Date(clock.getTime() + DAY_MS)), { orgId: org.user.orgId });
    expect(sentTo(full.email)).toHaveLength(maxAttempts);
  });
});
