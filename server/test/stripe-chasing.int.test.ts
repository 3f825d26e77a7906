import { randomUUID } from 'node:crypto';

import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';

import { account } from '../src/db/schema';
import { closeTransports } from '../src/lib/smtp-transport';
import { sendDueEmails } from '../src/modules/delivery/send-due-emails';
import type { SenderDeps } from '../src/modules/delivery/sender-deps';
import { executeEvent } from '../src/modules/events/execute-event';
import { getEvent } from '../src/modules/events/get-event';
import { applyStripeWebhook } from '../src/modules/stripe/apply-stripe-event';
import { createStripeClient } from '../src/modules/stripe/stripe-client';
import { syncAccount } from '../src/modules/stripe/sync-account';

import { configureMail, keptLog, senderDepsFor } from './delivery-helpers';
import { chasingOrganisation, insertWorkflow, readEvents } from './scheduling-helpers';
import { createTestDatabase, type SmtpSink, startSmtpSink, testConfig, type TestDatabase, withOrg } from './support';
import { API_KEY, type FakeAccount, type FakeStripe, failFakeCharge, fakeCustomer, fakeInvoice, signedEvent, startFakeStripe } from './support/fake-stripe';
import { readMail } from './support/mime-parts';

/**
 * Stripe-aware chasing (decision 0023), against the fake Stripe and a real SMTP server: the
 * reminders wait while Stripe retries a card, a hard decline sends the payment link at once, and
 * each send re-reads the invoice from Stripe first. London keeps GMT in January; the default
 * calendar sends Monday to Friday, 09:00 to 17:00. Tuesday 13 January 2026 is the sync's day.
 */

const WEBHOOK_SECRET = 'whsec_test_chasing';
const SYNCED = new Date('2026-01-13T07:00:00.000Z');
const at = (iso: string) => new Date(iso);
const seconds = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

let tdb: TestDatabase;
let sink: SmtpSink;
let fake: FakeStripe;
let stripe: Stripe;
beforeAll(async () => {
  tdb = await createTestDatabase(inject('adminDatabaseUrl'));
  sink = await startSmtpSink();
  fake = await startFakeStripe();
  const client = createStripeClient({ secretKey: API_KEY, apiBase: fake.url });
  if (!client) throw new Error('no Stripe client');
  stripe = client;
});
afterAll(async () => {
  closeTransports();
  await sink.close();
  await fake.stop();
  await tdb.drop();
});

const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
const stripeSettings = () =>
  testConfig({ STRIPE_SECRET_KEY: API_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: fake.url }).stripe;

/**
 * An organisation sending through the sink, chasing a missed invoice one working day after the
 * episode starts and again a week on, with the Stripe account `accountId` connected and synced at
 * `SYNCED`, the account's customers and invoices made by `fill` first.
 */
async function stripeBook(accountId: string, fill: (data: FakeAccount) => void) {
  const org = await chasingOrganisation(tdb.db, { timezone: 'Europe/London', sendingMode: 'sending' });
  const friendly = org.templates.get('Friendly reminder') ?? '';
  await insertWorkflow(tdb.db, org.id, [
    // Days after the due date (decision 0036): the books' invoices fall due on 5 January, so the
    // first reminder is Wednesday 14 January and the second a week on.
    { standing: 'single_missed', delay: 9, emailId: friendly },
    { standing: 'single_missed', delay: 16, emailId: friendly },
  ], { isDefault: true });
  await configureMail(tdb.db, org.id, { sink, from: { name: 'Acme Accounts', email: 'accounts@acme.test' } });
  fill(fake.account(accountId));
  const [row] = await withOrg(tdb.db, org.id, (tx) =>
    tx.insert(account).values({ orgId: org.id, externalAccountId: accountId, livemode: false, syncStatus: 'queued', syncStage: 'customers' }).returning(),
  );
  if (!row) throw new Error('no account');
  await syncAccount({ db: tdb.db, stripe, now: () => SYNCED, log: quietLog }, { orgId: org.id, accountId: row.id });
  return { orgId: org.id };
}

/** Our customer's id for a Stripe customer. */
async function customerOf(orgId: string, stripeCustomerId: string): Promise<string> {
  const ref = `stripe:${stripeCustomerId}`;
  const found = await withOrg(tdb.db, orgId, (tx) => tx.execute<{ id: string }>(sql`select id from customer where external_ref = ${ref}`));
  const id = found.rows[0]?.id;
  if (!id) throw new Error(`no customer for ${stripeCustomerId}`);
  return id;
}

/** A signed webhook delivery, applied as the endpoint applies it, at the clock `now`. */
function deliver(accountId: string, e: { id: string; type: string; object: object }, now: Date) {
  const { body, signature } = signedEvent(WEBHOOK_SECRET, { ...e, account: accountId });
  const deps = { db: tdb.db, stripe, settings: stripeSettings(), now: () => now, log: quietLog };
  return applyStripeWebhook(deps, Buffer.from(body), signature);
}

const sender = (now: Date, log = keptLog()): SenderDeps => ({ ...senderDepsFor(tdb.db, () => now, { log }), stripe });

const pendingOf = async (orgId: string, customerId: string) => (await readEvents(tdb.db, orgId, customerId)).filter((e) => e.status === 'pending');

describe('while Stripe retries a card', () => {
  it('holds the reminders until its retries are over, then starts the workflow, while a customer paying by transfer is chased on time', async () => {
    const card = fakeCustomer({ id: 'cus_Card1', name: 'Card Customer', email: 'ap@card.example', currency: 'gbp' });
    const transfer = fakeCustomer({ id: 'cus_Transfer1', name: 'Transfer Customer', email: 'ap@transfer.example', currency: 'gbp' });
    // Charged automatically on 5 January (due that day), declined once; Stripe tries again on Friday the 16th.
    const charged = fakeInvoice({
      id: 'in_Charged1',
      customer: card.id,
      number: 'CARD-1',
      amountDue: 48_000,
      status: 'open',
      created: seconds('2026-01-05T10:00:00Z'),
      dueDate: null,
      chargedAutomatically: true,
      attemptCount: 1,
      nextPaymentAttempt: seconds('2026-01-16T10:00:00Z'),
    });
    const sent = fakeInvoice({
      id: 'in_Sent1',
      customer: transfer.id,
      number: 'TRANSFER-1',
      amountDue: 30_000,
      status: 'open',
      created: seconds('2025-12-06T10:00:00Z'),
      dueDate: seconds('2026-01-05T10:00:00Z'),
    });
    let data: FakeAccount | undefined;
    const { orgId } = await stripeBook('acct_Retry1', (d) => {
      data = d;
      d.customers.push(card, transfer);
      d.invoices.push(charged, sent);
    });
    const cardId = await customerOf(orgId, card.id);
    const transferId = await customerOf(orgId, transfer.id);

    // Both owe since 5 January. The transfer customer's first reminder goes on its day, the 14th;
    // the card customer's waits for Friday's try (and an hour for its outcome), then goes.
    expect((await pendingOf(orgId, transferId))[0]).toMatchObject({ scheduledFor: '2026-01-14T09:00:00.000Z', deferred: [] });
    expect((await pendingOf(orgId, cardId))[0]).toMatchObject({ scheduledFor: '2026-01-16T11:00:00.000Z', deferred: ['payment_retry'] });

    // Sent by hand while Stripe retries every overdue invoice, the card customer's reminder would
    // list nothing and ask for £0.00: it is refused, stays planned, and nothing reaches the server.
    const held = (await pendingOf(orgId, cardId))[0];
    if (!held) throw new Error('no held reminder');
    const byHand = await executeEvent({ ...sender(at('2026-01-13T10:00:00Z')), orgId, actorId: randomUUID() }, held.id).then(() => null, (error: unknown) => error);
    expect(byHand).toMatchObject({ code: 'DOMAIN_RULE' });
    expect((byHand as Error).message).toMatch(/^Nothing to ask for/);
    expect((await pendingOf(orgId, cardId))[0]).toMatchObject({ id: held.id, claimedAt: null });
    expect(sink.messages.some((m) => m.to.includes('ap@card.example'))).toBe(false);

    // Wednesday 09:00: the transfer customer is chased, the card customer is not.
    const before = sink.messages.length;
    const wednesday = await sendDueEmails(sender(at('2026-01-14T09:00:00Z')), { orgId });
    expect(wednesday.sent).toBe(1);
    expect(sink.messages.slice(before).map((m) => m.to)).toEqual([['ap@transfer.example']]);

    // Friday's try fails for want of funds; Stripe will try again on Tuesday: the reminder moves past it.
    Object.assign(charged, { attempt_count: 2, next_payment_attempt: seconds('2026-01-20T10:00:00Z') });
    if (!data) throw new Error('no account data');
    failFakeCharge(data, charged, { declineCode: 'insufficient_funds', at: seconds('2026-01-16T10:00:00Z') });
    expect(await deliver('acct_Retry1', { id: 'evt_Retry1_2', type: 'invoice.payment_failed', object: charged }, at('2026-01-16T10:01:00Z'))).toMatchObject({ outcome: 'applied' });
    expect((await pendingOf(orgId, cardId))[0]).toMatchObject({ scheduledFor: '2026-01-20T11:00:00.000Z', deferred: ['payment_retry'] });

    // Tuesday's try fails too, and Stripe gives up: the reminder goes then, with no more waiting.
    Object.assign(charged, { attempt_count: 3, next_payment_attempt: null });
    failFakeCharge(data, charged, { declineCode: 'insufficient_funds', at: seconds('2026-01-20T10:00:00Z') });
    expect(await deliver('acct_Retry1', { id: 'evt_Retry1_3', type: 'invoice.payment_failed', object: charged }, at('2026-01-20T10:01:00Z'))).toMatchObject({ outcome: 'applied' });
    const planned = await pendingOf(orgId, cardId);
    expect(planned[0]).toMatchObject({ scheduledFor: '2026-01-20T10:01:00.000Z', deferred: [] });
    // A soft decline sends no payment link of its own.
    expect(planned.map((e) => e.dedupeKey?.startsWith('payment_declined:'))).not.toContain(true);

    // Wednesday 09:00: the reminder re-reads the invoice from Stripe, then goes, with the link to pay it
    // (with the transfer customer's second reminder, a week after its first).
    const reads = fake.requests.length;
    const sentNow = sink.messages.length;
    // The card customer's reminder held since Tuesday goes, and its second is due that day too (16
    // days after the due date), a day apart from the first; the transfer customer's second goes.
    expect((await sendDueEmails(sender(at('2026-01-21T09:00:00Z')), { orgId })).sent).toBe(3);
    expect(fake.requests.slice(reads).map((r) => r.path)).toContain('/v1/invoices/in_Charged1');
    const arrived = sink.messages.slice(sentNow);
    expect(arrived.map((m) => m.to).sort()).toEqual([['ap@card.example'], ['ap@card.example'], ['ap@transfer.example']]);
    const reminder = arrived.find((m) => m.to.includes('ap@card.example'));
    const text = readMail(reminder?.raw ?? '').text;
    expect(text).toContain('CARD-1');
    expect(text).toContain('https://invoice.stripe.example/i/in_Charged1');
  });
});

describe('after a hard decline', () => {
  it('sends the invoice’s payment link at once, once however often Stripe reports it, and gives the customer a day before the workflow’s next email', async () => {
    const customer = fakeCustomer({ id: 'cus_Stolen1', name: 'Stolen Card Ltd', email: 'ap@stolen.example', currency: 'gbp' });
    const charged = fakeInvoice({
      id: 'in_Stolen1',
      customer: customer.id,
      number: 'STOLEN-1',
      amountDue: 72_500,
      status: 'open',
      created: seconds('2026-01-05T10:00:00Z'),
      dueDate: null,
      chargedAutomatically: true,
      attemptCount: 1,
      nextPaymentAttempt: seconds('2026-01-13T09:30:00Z'),
    });
    let data: FakeAccount | undefined;
    const { orgId } = await stripeBook('acct_Stolen1', (d) => {
      data = d;
      d.customers.push(customer);
      d.invoices.push(charged);
    });
    const customerId = await customerOf(orgId, customer.id);

    // 09:30: the retry is refused, the card reported stolen. Stripe will not try again.
    Object.assign(charged, { attempt_count: 2, next_payment_attempt: null });
    if (!data) throw new Error('no account data');
    failFakeCharge(data, charged, { code: 'card_declined', declineCode: 'stolen_card', at: seconds('2026-01-13T09:30:00Z') });
    const failed = { id: 'evt_Stolen1_2', type: 'invoice.payment_failed', object: charged };
    const reported = at('2026-01-13T09:31:00Z');
    const outcomes = [];
    for (let i = 0; i < 3; i++) outcomes.push((await deliver('acct_Stolen1', failed, reported)).outcome);
    // The same failure under another event id (an update Stripe sends with it) writes no second notice.
    outcomes.push((await deliver('acct_Stolen1', { ...failed, id: 'evt_Stolen1_2b' }, reported)).outcome);
    expect(outcomes).toEqual(['applied', 'duplicate', 'duplicate', 'applied']);

    const pending = await pendingOf(orgId, customerId);
    const notices = pending.filter((e) => e.dedupeKey?.startsWith('payment_declined:'));
    expect(notices).toHaveLength(1);
    const notice = notices[0];
    if (!notice) throw new Error('no notice');
    expect(notice).toMatchObject({ scheduledFor: reported.toISOString(), to: [{ name: null, email: 'ap@stolen.example' }] });
    const detail = await getEvent({ db: tdb.db, orgId }, notice.id, reported);
    expect(detail).toMatchObject({ email_name: 'Declined card: payment link', subject: 'Your card payment for invoice STOLEN-1 was declined', can_execute: true });
    // The workflow's first reminder waits a day after the notice rather than following it at once.
    const reminder = pending.find((e) => e.actionId !== null);
    expect(new Date(reminder?.scheduledFor ?? 0).getTime()).toBeGreaterThanOrEqual(reported.getTime() + 86_400_000);

    // The sender's next minute: the notice goes, with the amount and the link to pay another way.
    const before = sink.messages.length;
    const summary = await sendDueEmails(sender(at('2026-01-13T09:32:00Z')), { orgId });
    expect(summary.sent).toBe(1);
    const [mail] = sink.messages.slice(before);
    expect(mail?.to).toEqual(['ap@stolen.example']);
    const read = readMail(mail?.raw ?? '');
    expect(read.subject).toBe('Your card payment for invoice STOLEN-1 was declined');
    expect(read.text).toContain('£725.00');
    expect(read.text).toContain('https://invoice.stripe.example/i/in_Stolen1');
    expect((await readEvents(tdb.db, orgId, customerId)).find((e) => e.id === notice.id)?.status).toBe('success');
  });
});

describe('before each send', () => {
  it('re-reads the invoice from Stripe: a payment whose webhook never came is not chased, and an unreadable Stripe holds the email', async () => {
    const paidQuietly = fakeCustomer({ id: 'cus_Quiet1', name: 'Quiet Payer', email: 'ap@quiet.example', currency: 'gbp' });
    const unreadable = fakeCustomer({ id: 'cus_Outage1', name: 'Outage Payer', email: 'ap@outage.example', currency: 'gbp' });
    const byHand = fakeCustomer({ id: 'cus_Hand1', name: 'Hand Payer', email: 'ap@hand.example', currency: 'gbp' });
    const invoiceOf = (c: Stripe.Customer, n: string) =>
      fakeInvoice({ id: `in_${n}`, customer: c.id, number: n, amountDue: 20_000, status: 'open', created: seconds('2025-12-06T10:00:00Z'), dueDate: seconds('2026-01-05T10:00:00Z') });
    const quiet = invoiceOf(paidQuietly, 'QUIET-1');
    const outage = invoiceOf(unreadable, 'OUTAGE-1');
    const hand = invoiceOf(byHand, 'HAND-1');
    const { orgId } = await stripeBook('acct_Recheck1', (d) => {
      d.customers.push(paidQuietly, unreadable, byHand);
      d.invoices.push(quiet, outage, hand);
    });
    const quietId = await customerOf(orgId, paidQuietly.id);
    const outageId = await customerOf(orgId, unreadable.id);
    const handId = await customerOf(orgId, byHand.id);

    // Paid in Stripe overnight; the webhook never arrived. Stripe fails once for the other invoice.
    Object.assign(quiet, { status: 'paid', amount_paid: 20_000, amount_remaining: 0 });
    fake.failAfter('/v1/invoices/in_OUTAGE-1', 0, 1);
    const log = keptLog();
    const before = sink.messages.length;
    const first = await sendDueEmails(sender(at('2026-01-14T09:00:00Z'), log), { orgId });
    // Only the customer Stripe confirmed still owes is chased.
    expect(sink.messages.slice(before).map((m) => m.to)).toEqual([['ap@hand.example']]);
    expect(first.sent).toBe(1);
    const [superseded] = (await readEvents(tdb.db, orgId, quietId)).filter((e) => e.status === 'superseded');
    expect(superseded?.reason).toBe('debt_paid');
    // The unreadable one waits, unclaimed, and the log says why.
    expect((await pendingOf(orgId, outageId))[0]).toMatchObject({ scheduledFor: '2026-01-14T09:00:00.000Z', claimedAt: null });
    expect(log.lines.some((l) => l.startsWith('warn') && l.includes('in_OUTAGE-1'))).toBe(true);

    // A minute later Stripe answers, and it goes.
    const later = sink.messages.length;
    expect((await sendDueEmails(sender(at('2026-01-14T09:01:00Z')), { orgId })).sent).toBe(1);
    expect(sink.messages.slice(later).map((m) => m.to)).toEqual([['ap@outage.example']]);

    // Sent by hand: the same re-read first. Paid in Stripe meanwhile, the second reminder is refused as paid.
    Object.assign(hand, { status: 'paid', amount_paid: 20_000, amount_remaining: 0 });
    const next = (await pendingOf(orgId, handId))[0];
    if (!next) throw new Error('no second reminder');
    const deps = { ...sender(at('2026-01-15T10:00:00Z')), orgId, actorId: randomUUID() };
    const refused = await executeEvent(deps, next.id).then(() => null, (error: unknown) => error);
    expect(refused).toMatchObject({ code: 'CONFLICT' });
    expect((refused as Error).message).toMatch(/^The overdue debt was paid: this email was superseded/);
    expect((await readEvents(tdb.db, orgId, handId)).find((e) => e.id === next.id)).toMatchObject({ status: 'superseded', reason: 'debt_paid' });
  });
});

describe('a void in Stripe', () => {
  it('moves the customer back to good standing with debt_voided when its last overdue invoice is voided, and its planned reminder is not sent', async () => {
    const voided = fakeCustomer({ id: 'cus_Voided1', name: 'Voided Customer', email: 'ap@voided.example', currency: 'gbp' });
    const bill = fakeInvoice({
      id: 'in_VoidMe1',
      customer: voided.id,
      number: 'VOID-1',
      amountDue: 25_000,
      status: 'open',
      created: seconds('2025-12-01T10:00:00Z'),
      dueDate: seconds('2026-01-05T10:00:00Z'),
    });
    const { orgId } = await stripeBook('acct_Void1', (d) => {
      d.customers.push(voided);
      d.invoices.push(bill);
    });
    const customerId = await customerOf(orgId, voided.id);
    const [planned] = await pendingOf(orgId, customerId);
    expect(planned).toMatchObject({ scheduledFor: '2026-01-14T09:00:00.000Z' });

    // Voided in Stripe the evening before the reminder; the event carries the invoice as it was.
    const snapshot = { ...bill };
    Object.assign(bill, { status: 'void', amount_remaining: 0 });
    expect(await deliver('acct_Void1', { id: 'evt_Void1_voided', type: 'invoice.voided', object: snapshot }, at('2026-01-13T18:00:00Z'))).toEqual({
      received: true,
      outcome: 'applied',
    });

    const transitions = await withOrg(tdb.db, orgId, (tx) =>
      tx.execute<{ from: string; to: string; reason: string }>(sql`select "from", "to", reason from standing_transition where customer_id = ${customerId} order by at`),
    );
    expect(transitions.rows.at(-1)).toEqual({ from: 'single_missed', to: 'in_good_standing', reason: 'debt_voided' });
    expect((await readEvents(tdb.db, orgId, customerId)).find((e) => e.id === planned?.id)).toMatchObject({ status: 'superseded', reason: 'debt_voided' });
    expect(await pendingOf(orgId, customerId)).toEqual([]);
    // Nothing goes to the customer when the sender passes at the reminder's time.
    const before = sink.messages.length;
    await sendDueEmails(sender(at('2026-01-14T09:00:00Z')), { orgId });
    expect(sink.messages.slice(before).filter((m) => m.to.includes('ap@voided.example'))).toEqual([]);
  });
});
