import { addDays } from '@receivables/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';

import { standingTransition } from '../src/db/schema';
import { refreshOrganisationFigures } from '../src/modules/customers/refresh-organisation-figures';
import { upsertContact } from '../src/modules/customers/upsert-contact';
import { sendDueEmails } from '../src/modules/delivery/send-due-emails';
import { updateInvoice } from '../src/modules/invoices/update-invoice';
import { createPayment } from '../src/modules/payments/create-payment';
import { getCustomerPlan } from '../src/modules/workflows/get-customer-plan';
import { previewWorkflow } from '../src/modules/workflows/preview-workflow';

import { senderDepsFor } from './delivery-helpers';
import { chasingOrganisation, type EventSeen, hourlyPass, insertWorkflow, readEvents } from './scheduling-helpers';
import { createTestDatabase, insertContact, insertCustomer, insertInvoice, type TestDatabase, withOrg } from './support';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase(inject('adminDatabaseUrl'));
});
afterAll(() => tdb.drop());

/** Instants in UTC. London is on GMT until 29 March 2026: its wall clock is UTC; from then it is an hour ahead. */
const at = (day: string, time: string): Date => new Date(`${day}T${time}:00.000Z`);

/** The worker's passes of one day: after midnight, before the window, at lunch, in the evening. */
const PASS_TIMES = ['00:30', '08:30', '12:30', '18:30'];

/** The product's own writes at the test's clock: POST /api/payments/ and PUT /api/invoices/{id}/ call these. */
const writer = (orgId: string, now: Date) => ({ db: tdb.db, orgId, actorId: null, now: () => now });

/** An event as the timeline asserts it: which step of which standing, when, and how it ended. */
const summary = (e: EventSeen, names: Map<string, string>) =>
  [names.get(e.actionId ?? '') ?? e.actionId, e.scheduledFor, e.status, e.reason, e.history.map((h) => `${h.status}${h.reason ? `:${h.reason}` : ''}@${h.at}`).join(' ')];

describe('the scheduler over sixty days of one customer, the clock in the test\'s hands', () => {
  it('plans each step once, on the right working day inside the window, and supersedes with the reason at each change of standing', { timeout: 120_000 }, async () => {
    const org = await chasingOrganisation(tdb.db, { timezone: 'Europe/London', holidayRegion: 'GB-ENG', weeklyCap: 2 });
    const t = (name: string) => org.templates.get(name) ?? '';
    const wf = await insertWorkflow(tdb.db, org.id, [
      { standing: 'single_missed', delay: 1, emailId: t('Friendly reminder') },
      { standing: 'single_missed', delay: 7, emailId: t('Checking in') },
      { standing: 'single_missed', delay: 14, emailId: t('Firm reminder') },
      { standing: 'multiple_missed', delay: 0, emailId: t('Firm reminder') },
      { standing: 'multiple_missed', delay: 5, emailId: t('Urgent reminder') },
      { standing: 'multiple_missed', delay: 12, emailId: t('Urgent escalation') },
    ], { isDefault: true });
    const names = new Map(['s1', 's7', 's14', 'm0', 'm5', 'm12'].map((n, i) => [wf.actions[i] ?? '', n]));
    const c = await insertCustomer(tdb.db, org.id, { name: 'Walked Through Ltd' });
    await insertContact(tdb.db, org.id, c.id, { role: 'primary', name: 'Pat Payer', email: 'pat@walked.example' });
    await insertContact(tdb.db, org.id, c.id, { role: 'escalation', name: 'Erin Boss', email: 'erin@walked.example' });
    const a = await insertInvoice(tdb.db, org.id, c.id, { amountDue: 100_000, issuedOn: '2025-12-12', dueDate: '2026-01-12' });
    const b = await insertInvoice(tdb.db, org.id, c.id, { amountDue: 250_000, issuedOn: '2025-12-22', dueDate: '2026-01-22' });

    const snapshots = new Map<string, ReturnType<typeof summary>[]>();
    for (let day = '2026-01-12'; day <= '2026-03-13'; day = addDays(day, 1)) {
      for (const time of PASS_TIMES) {
        // The money arrives, then the last invoice is voided, each a minute before a pass: the
        // write itself moves the standing on and supersedes what is no longer due, not the pass.
        if (day === '2026-02-02' && time === '12:30') {
          await createPayment(writer(org.id, at(day, '12:29')), { customer_id: c.id, invoice_id: a.id, amount: 100_000, currency: 'GBP' });
        }
        if (day === '2026-02-10' && time === '12:30') await updateInvoice(writer(org.id, at(day, '12:29')), b.id, { status: 'void' });
        await hourlyPass(tdb.db, org.id, at(day, time));
      }
      snapshots.set(day, (await readEvents(tdb.db, org.id, c.id)).map((e) => summary(e, names)));
    }

    const transitions = await withOrg(tdb.db, org.id, (tx) =>
      tx
        .select()
        .from(standingTransition)
        .where(and(eq(standingTransition.orgId, org.id), eq(standingTransition.customerId, c.id)))
        .orderBy(asc(standingTransition.at)));
    expect(transitions.map((x) => [x.reason, x.at.toISOString()])).toEqual([
      ['days_passed', '2026-01-13T00:30:00.000Z'],
      ['to_multiple', '2026-01-23T00:30:00.000Z'],
      ['to_single', '2026-02-02T12:29:00.000Z'],
      ['debt_voided', '2026-02-10T12:29:00.000Z'],
    ]);

    // Before the second invoice falls due: the chase's three steps, counted from the due date (12 January).
    expect(snapshots.get('2026-01-22')).toEqual([
      ['s1', '2026-01-13T09:00:00.000Z', 'pending', null, 'pending@2026-01-13T00:30:00.000Z'],
      ['s7', '2026-01-19T09:00:00.000Z', 'pending', null, 'pending@2026-01-13T00:30:00.000Z'],
      ['s14', '2026-01-26T09:00:00.000Z', 'pending', null, 'pending@2026-01-13T00:30:00.000Z'],
    ]);
    // Emails planned together for one instant are listed by step name (their ids are random).
    const inOrder = (rows: ReturnType<typeof summary>[]) =>
      [...rows].sort((x, y) => String(x[1]).localeCompare(String(y[1])) || String(x[0]).localeCompare(String(y[0])));
    const final = inOrder((await readEvents(tdb.db, org.id, c.id)).map((e) => summary(e, names)));
    expect(final).toEqual([
      ['s1', '2026-01-13T09:00:00.000Z', 'pending', null, 'pending@2026-01-13T00:30:00.000Z'],
      ['s7', '2026-01-19T09:00:00.000Z', 'pending', null, 'pending@2026-01-13T00:30:00.000Z'],
      // Multiple missed from Friday the 23rd, eleven days into the chase: m0 and m5 had both had
      // their time, so only m5 goes (that morning) and m0 is recorded skipped (decision 0036).
      ['m0', '2026-01-23T09:00:00.000Z', 'superseded', 'skipped', 'superseded:skipped@2026-01-23T00:30:00.000Z'],
      ['m5', '2026-01-23T09:00:00.000Z', 'pending', null, 'pending@2026-01-23T00:30:00.000Z'],
      // Due Saturday the 24th: Monday.
      ['m12', '2026-01-26T09:00:00.000Z', 'pending', null, 'pending@2026-01-23T00:30:00.000Z'],
      ['s14', '2026-01-26T09:00:00.000Z', 'superseded', 'standing_changed', 'pending@2026-01-13T00:30:00.000Z superseded:standing_changed@2026-01-23T00:30:00.000Z'],
      // Back to a single missed invoice on 2 February: the same chase, which has reached its
      // escalation; no single step is left to send, and none starts over (decision 0036).
    ]);
    // Nothing changed after the last debt went: 240 passes, and no second history row anywhere.
    expect(inOrder(snapshots.get('2026-03-13') ?? [])).toEqual(final);

    const events = await readEvents(tdb.db, org.id, c.id);
    const escalation = events.find((e) => names.get(e.actionId ?? '') === 'm12');
    expect(escalation).toMatchObject({ to: [{ name: 'Erin Boss', email: 'erin@walked.example' }], cc: [{ name: 'Pat Payer', email: 'pat@walked.example' }] });
    const first = events[0];
    expect(first?.to).toEqual([{ name: 'Pat Payer', email: 'pat@walked.example' }]);
    expect(first?.subject).toBeTruthy();
    // Only the subject is kept when an email is planned; the body is rendered when it is read or
    // sent (decision 0020: scheduler-matches-preview and delivery-sending compare it with the preview).
    expect([first?.html, first?.text]).toEqual([null, null]);
    expect(new Set(events.map((e) => e.dedupeKey)).size).toBe(events.length);
  });

  it('catches up after a three-day outage: the latest step due goes, the earlier ones are recorded skipped', async () => {
    const org = await chasingOrganisation(tdb.db, { timezone: 'Europe/London', weeklyCap: 5 });
    const t = (name: string) => org.templates.get(name) ?? '';
    const wf = await insertWorkflow(tdb.db, org.id, [
      { standing: 'single_missed', delay: 0, emailId: t('Friendly reminder') },
      { standing: 'single_missed', delay: 1, emailId: t('Checking in') },
      { standing: 'single_missed', delay: 2, emailId: t('Firm reminder') },
      { standing: 'single_missed', delay: 3, emailId: t('Urgent reminder') },
      { standing: 'single_missed', delay: 7, emailId: t('Firm reminder') },
    ], { isDefault: true });
    const names = new Map(['d0', 'd1', 'd2', 'd3', 'd7'].map((n, i) => [wf.actions[i] ?? '', n]));
    const c = await insertCustomer(tdb.db, org.id, { name: 'Outage Ltd' });
    await insertContact(tdb.db, org.id, c.id, { role: 'primary', email: 'ap@outage.example' });
    await insertInvoice(tdb.db, org.id, c.id, { amountDue: 10_000, issuedOn: '2026-02-01', dueDate: '2026-03-01' });

    // The worker ran through Sunday 1 March, the day the invoice fell due: nothing to chase yet.
    for (const time of PASS_TIMES) await hourlyPass(tdb.db, org.id, at('2026-03-01', time));
    expect(await readEvents(tdb.db, org.id, c.id)).toEqual([]);
    // Monday 2 March, 00:30: its figures job moved the customer on, then the worker went down before
    // the scheduling pass it sent could run.
    await refreshOrganisationFigures(tdb.db, org.id, { now: at('2026-03-02', '00:30') });
    // Back on Thursday the 5th at noon.
    await hourlyPass(tdb.db, org.id, at('2026-03-05', '12:00'));

    const byDueDay = (list: EventSeen[]) => [...list].sort((x, y) => (x.dueDay ?? '').localeCompare(y.dueDay ?? ''));
    const events = byDueDay(await readEvents(tdb.db, org.id, c.id)).map((e) => [names.get(e.actionId ?? ''), e.dueDay, e.scheduledFor, e.status, e.reason]);
    expect(events).toEqual([
      // Due from Sunday to Tuesday: a later step's time had come too, so they are recorded skipped.
      ['d0', '2026-03-01', '2026-03-05T12:00:00.000Z', 'superseded', 'skipped'],
      ['d1', '2026-03-02', '2026-03-05T12:00:00.000Z', 'superseded', 'skipped'],
      ['d2', '2026-03-03', '2026-03-05T12:00:00.000Z', 'superseded', 'skipped'],
      // The latest step due (Wednesday) goes now: one email, the one the customer's lateness calls for.
      ['d3', '2026-03-04', '2026-03-05T12:00:00.000Z', 'pending', null],
      // Due Sunday the 8th: Monday.
      ['d7', '2026-03-08', '2026-03-09T09:00:00.000Z', 'pending', null],
    ]);
    // The next pass neither sends what was skipped nor plans anything twice.
    await hourlyPass(tdb.db, org.id, at('2026-03-05', '13:00'));
    expect(byDueDay(await readEvents(tdb.db, org.id, c.id)).map((e) => [names.get(e.actionId ?? ''), e.status, e.history.length])).toEqual([
      ['d0', 'superseded', 1],
      ['d1', 'superseded', 1],
      ['d2', 'superseded', 1],
      ['d3', 'pending', 1],
      ['d7', 'pending', 1],
    ]);
  });

  it('plans no email to nobody: a step without its contact waits, is planned once the contact exists, and is recorded no_recipient when due; an escalation with no escalation contact goes to the primary', async () => {
    const org = await chasingOrganisation(tdb.db, { timezone: 'Europe/London', weeklyCap: 2 });
    const t = (name: string) => org.templates.get(name) ?? '';
    // Due Monday 9 March: the escalation on Tuesday the 10th, the reminder on Friday the 13th.
    const wf = await insertWorkflow(tdb.db, org.id, [
      { standing: 'single_missed', delay: 1, emailId: t('Escalation') },
      { standing: 'single_missed', delay: 4, emailId: t('Friendly reminder') },
    ], { isDefault: true });
    const names = new Map([[wf.actions[0] ?? '', 'escalate'], [wf.actions[1] ?? '', 'remind']]);
    const customers = [];
    for (const name of ['Nobody To Write To Ltd', 'Primary Only Ltd', 'Contact In Time Ltd']) {
      const c = await insertCustomer(tdb.db, org.id, { name });
      await insertInvoice(tdb.db, org.id, c.id, { amountDue: 50_000, issuedOn: '2026-02-09', dueDate: '2026-03-09' });
      customers.push(c);
    }
    const [nobody, primaryOnly, inTime] = customers;
    if (!nobody || !primaryOnly || !inTime) throw new Error('customers missing');
    await insertContact(tdb.db, org.id, primaryOnly.id, { role: 'primary', email: 'ap@primary-only.example' });
    const seen = async (id: string) =>
      (await readEvents(tdb.db, org.id, id)).map((e) => [names.get(e.actionId ?? ''), e.scheduledFor, e.status, e.reason, e.to.map((r) => r.email), e.cc.map((r) => r.email)]);

    // Tuesday 10 March, 00:30: all three owe; none has an escalation contact.
    await hourlyPass(tdb.db, org.id, at('2026-03-10', '00:30'));
    const plan = await getCustomerPlan({ db: tdb.db, orgId: org.id }, nobody.id, at('2026-03-10', '00:30'));
    // The next email is the escalation: the customer page warns that it has no one to go to.
    expect(plan.next).toMatchObject({ email_name: 'Escalation', kind: 'escalation_email', send_at: '2026-03-10T09:00:00.000Z' });
    const preview = await previewWorkflow({ db: tdb.db, orgId: org.id }, wf.id, nobody.id, at('2026-03-10', '00:30'));
    expect(preview.steps.map((s) => [s.email_name, s.send_at, s.problem])).toEqual([
      ['Escalation', '2026-03-10T09:00:00.000Z', 'The customer has no contact to escalate to'],
      ['Friendly reminder', '2026-03-13T09:00:00.000Z', 'The customer has no primary contact to write to'],
    ]);
    expect(await seen(nobody.id)).toEqual([]);
    // With only a primary contact, the escalation goes to it rather than not at all (decision 0036).
    expect(await seen(primaryOnly.id)).toEqual([
      ['escalate', '2026-03-10T09:00:00.000Z', 'pending', null, ['ap@primary-only.example'], []],
      ['remind', '2026-03-13T09:00:00.000Z', 'pending', null, ['ap@primary-only.example'], []],
    ]);

    // One of them gets its contacts before the window opens (POST /api/customers/{id}/contact does this).
    await upsertContact(writer(org.id, at('2026-03-10', '07:59')), inTime.id, { role: 'primary', email: 'ap@in-time.example' });
    await upsertContact(writer(org.id, at('2026-03-10', '08:00')), inTime.id, { role: 'escalation', name: 'In-Time Boss', email: 'boss@in-time.example' });
    await hourlyPass(tdb.db, org.id, at('2026-03-10', '08:30'));
    expect(await seen(inTime.id)).toEqual([
      ['escalate', '2026-03-10T09:00:00.000Z', 'pending', null, ['boss@in-time.example'], ['ap@in-time.example']],
      ['remind', '2026-03-13T09:00:00.000Z', 'pending', null, ['ap@in-time.example'], []],
    ]);

    // Its time comes with still no one to write to: recorded, never sent, never planned again.
    await hourlyPass(tdb.db, org.id, at('2026-03-10', '09:30'));
    await hourlyPass(tdb.db, org.id, at('2026-03-10', '12:30'));
    expect(await seen(nobody.id)).toEqual([['escalate', '2026-03-10T09:30:00.000Z', 'superseded', 'no_recipient', [], []]]);
  });
});

describe('the scheduler and the sender through Easter and Early May, with a weekly cap of two', () => {
  /** London's wall clock for an instant: from 29 March 2026 it is on summer time, an hour ahead of UTC. */
  const london = (iso: string) => {
    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London', weekday: 'short', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
    }).formatToParts(new Date(iso));
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
    return { day: `${part('year')}-${part('month')}-${part('day')}`, weekday: part('weekday'), time: `${part('hour')}:${part('minute')}` };
  };
  /** England and Wales' bank holidays of spring 2026, written out here rather than asked of the library the planner uses. */
  const BANK_HOLIDAYS = ['2026-04-03', '2026-04-06', '2026-05-04'];

  it('moves a step due on a bank holiday or a weekend to the next working day\'s window, and a step over the cap to later, drafting each then', { timeout: 120_000 }, async () => {
    const org = await chasingOrganisation(tdb.db, { timezone: 'Europe/London', holidayRegion: 'GB-ENG', weeklyCap: 2, sendingMode: 'dryrun' });
    const t = (name: string) => org.templates.get(name) ?? '';
    // Due Monday 30 March, so overdue from Tuesday 31st (day 1); day 4 is Good Friday, then a
    // weekend and Easter Monday; days 5 and 6 are that weekend; day 19 a Saturday; day 35 the Early
    // May bank holiday (steps count from the due date, decision 0036).
    const delays = [1, 4, 5, 6, 19, 35];
    const wf = await insertWorkflow(tdb.db, org.id, delays.map((delay, i) => ({
      standing: 'single_missed' as const, delay, emailId: t(['Friendly reminder', 'Checking in', 'Firm reminder'][i % 3] ?? ''),
    })), { isDefault: true });
    const names = new Map(delays.map((d, i) => [wf.actions[i] ?? '', `d${d}`]));
    const c = await insertCustomer(tdb.db, org.id, { name: 'Easter Ltd' });
    await insertContact(tdb.db, org.id, c.id, { role: 'primary', email: 'ap@easter.example' });
    await insertInvoice(tdb.db, org.id, c.id, { amountDue: 40_000, issuedOn: '2026-03-01', dueDate: '2026-03-30' });

    // The sender runs every minute and drafts what is due (dry run) while the window is open: here,
    // at each instant an email is planned for, up to the next hourly pass.
    const drafted: string[] = [];
    const sendUntil = async (until: Date) => {
      const planned = (await readEvents(tdb.db, org.id, c.id)).filter((e) => e.status === 'pending' && e.scheduledFor !== null);
      for (const instant of [...new Set(planned.map((e) => e.scheduledFor ?? ''))].filter((x) => x <= until.toISOString()).sort()) {
        const sent = await sendDueEmails(senderDepsFor(tdb.db, () => new Date(instant)), { orgId: org.id });
        drafted.push(`${sent.drafted}@${instant}`);
      }
    };
    for (let day = '2026-03-30'; day <= '2026-05-06'; day = addDays(day, 1)) {
      for (const time of PASS_TIMES) {
        await sendUntil(at(day, time));
        await hourlyPass(tdb.db, org.id, at(day, time));
      }
    }

    const events = await readEvents(tdb.db, org.id, c.id);
    expect(events.map((e) => [names.get(e.actionId ?? ''), e.dueDay, e.scheduledFor, e.deferred, e.status, e.history.map((h) => `${h.status}@${h.at}`)])).toEqual([
      ['d1', '2026-03-31', '2026-03-31T08:00:00.000Z', [], 'draft_success', ['pending@2026-03-31T00:30:00.000Z', 'draft_success@2026-03-31T08:00:00.000Z']],
      // Good Friday, Saturday, Sunday, Easter Monday: Tuesday at 09:00 London time.
      ['d4', '2026-04-03', '2026-04-07T08:00:00.000Z', ['public_holiday', 'not_a_working_day'], 'draft_success', ['pending@2026-03-31T00:30:00.000Z', 'draft_success@2026-04-07T08:00:00.000Z']],
      // Meant for the day after, it goes the working day after: never two in one morning (decision 0036).
      ['d5', '2026-04-04', '2026-04-08T08:00:00.000Z', [], 'draft_success', ['pending@2026-03-31T00:30:00.000Z', 'draft_success@2026-04-08T08:00:00.000Z']],
      // Two already in the week: the third waits for the first to leave the rolling week, and still goes, ten days late.
      ['d6', '2026-04-05', '2026-04-14T08:00:00.000Z', ['weekly_cap'], 'draft_success', ['pending@2026-03-31T08:30:00.000Z', 'draft_success@2026-04-14T08:00:00.000Z']],
      ['d19', '2026-04-18', '2026-04-20T08:00:00.000Z', ['not_a_working_day'], 'draft_success', ['pending@2026-04-06T08:30:00.000Z', 'draft_success@2026-04-20T08:00:00.000Z']],
      ['d35', '2026-05-04', '2026-05-05T08:00:00.000Z', ['public_holiday'], 'draft_success', ['pending@2026-04-21T08:30:00.000Z', 'draft_success@2026-05-05T08:00:00.000Z']],
    ]);
    // Each drafted at the instant it was planned for, one at a time, and nothing else ever came due.
    expect(drafted).toEqual(['2026-03-31T08:00', '2026-04-07T08:00', '2026-04-08T08:00', '2026-04-14T08:00', '2026-04-20T08:00', '2026-05-05T08:00']
      .map((instant) => `1@${instant}:00.000Z`));
    for (const e of events) {
      const went = london(e.sentAt ?? '');
      expect([went.weekday, BANK_HOLIDAYS.includes(went.day), went.time >= '09:00' && went.time < '17:00'], `${names.get(e.actionId ?? '')} went ${e.sentAt}`)
        .toEqual([expect.not.stringMatching(/^(Sat|Sun)$/), false, true]);
    }
    expect(new Set(events.map((e) => e.dedupeKey)).size).toBe(events.length);
  });
  it('plans again from when an email really went out: a reminder drafted twenty minutes late moves the step the cap holds back', { timeout: 120_000 }, async () => {
    const org = await chasingOrganisation(tdb.db, { timezone: 'Europe/London', weeklyCap: 2, sendingMode: 'dryrun' });
    const t = (name: string) => org.templates.get(name) ?? '';
    const delays = [1, 2, 3];
    const wf = await insertWorkflow(tdb.db, org.id, delays.map((delay, i) => ({
      standing: 'single_missed' as const, delay, emailId: t(['Friendly reminder', 'Checking in', 'Firm reminder'][i] ?? ''),
    })), { isDefault: true });
    const names = new Map(delays.map((d, i) => [wf.actions[i] ?? '', `d${d}`]));
    const c = await insertCustomer(tdb.db, org.id, { name: 'Late Sender Ltd' });
    await insertContact(tdb.db, org.id, c.id, { role: 'primary', email: 'ap@late.example' });
    // Overdue from Tuesday 2 June: the third reminder is over the cap of two a week, so it waits for
    // a week after the first went out.
    await insertInvoice(tdb.db, org.id, c.id, { amountDue: 40_000, issuedOn: '2026-05-01', dueDate: '2026-06-01' });

    // The sender drafts what is due; the first reminder, planned for 08:00, goes at 08:20 (a sender
    // that was down for a while), before the 08:30 hourly pass, which must plan from that.
    const sendUntil = async (until: Date) => {
      const planned = (await readEvents(tdb.db, org.id, c.id)).filter((e) => e.status === 'pending' && e.scheduledFor !== null);
      for (const instant of [...new Set(planned.map((e) => e.scheduledFor ?? ''))].filter((x) => x <= until.toISOString()).sort()) {
        const late = instant === '2026-06-02T08:00:00.000Z' ? '2026-06-02T08:20:00.000Z' : instant;
        await sendDueEmails(senderDepsFor(tdb.db, () => new Date(late)), { orgId: org.id });
      }
    };
    // hourlyPass checks after each pass that a full pass would change nothing: without the review
    // the late draft asks for, the full pass would move the held-back step and fail it.
    for (let day = '2026-06-01'; day <= '2026-06-10'; day = addDays(day, 1)) {
      for (const time of PASS_TIMES) {
        await sendUntil(at(day, time === '08:30' ? '08:20' : time));
        await hourlyPass(tdb.db, org.id, at(day, time));
      }
    }

    const events = await readEvents(tdb.db, org.id, c.id);
    expect(events.map((e) => [names.get(e.actionId ?? ''), e.deferred, e.status, e.sentAt])).toEqual([
      ['d1', [], 'draft_success', '2026-06-02T08:20:00.000Z'],
      ['d2', [], 'draft_success', '2026-06-03T08:00:00.000Z'],
      // A week after the first really went, not after when it was planned.
      ['d3', ['weekly_cap'], 'draft_success', expect.stringMatching(/^2026-06-09T08:2\d:00\.000Z$/) as string],
    ]);
  });
});
