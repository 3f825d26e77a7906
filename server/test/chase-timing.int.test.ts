import { addDays } from '@receivables/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';

import { customer, emailTemplate } from '../src/db/schema';
import { closeTransports } from '../src/lib/smtp-transport';
import { sendDueEmails } from '../src/modules/delivery/send-due-emails';
import { createPayment } from '../src/modules/payments/create-payment';
import { getCustomerPlan } from '../src/modules/workflows/get-customer-plan';

import { configureMail, senderDepsFor } from './delivery-helpers';
import { chasingOrganisation, hourlyPass, insertWorkflow, readEvents } from './scheduling-helpers';
import { createTestDatabase, insertContact, insertCustomer, insertInvoice, type SmtpSink, startSmtpSink, type TestDatabase, withOrg } from './support';
import { readMail } from './support/mime-parts';

/**
 * Issue 29, decision 0036: a workflow's steps count from the due date — days after the chase's
 * oldest overdue one, or before the next invoice coming due — and a customer that reaches the
 * workflow late starts at the step its lateness calls for. The clock is the test's; mail goes to a
 * real SMTP server on loopback.
 */
let tdb: TestDatabase;
let sink: SmtpSink;
beforeAll(async () => {
  tdb = await createTestDatabase(inject('adminDatabaseUrl'));
  sink = await startSmtpSink();
});
afterAll(async () => {
  closeTransports();
  await sink.close();
  await tdb.drop();
});

/** Instants in UTC; London is on GMT in early March 2026, so its wall clock is UTC. */
const at = (day: string, time: string): Date => new Date(`${day}T${time}:00.000Z`);
const PASS_TIMES = ['00:30', '08:30', '12:30', '18:30'];

/** A template of the organisation's own, written for a reminder before the due date. */
async function upcomingTemplate(orgId: string): Promise<string> {
  const [row] = await withOrg(tdb.db, orgId, (tx) =>
    tx
      .insert(emailTemplate)
      .values({
        orgId,
        name: 'Coming up',
        tone: 'friendly-reminder',
        kind: 'regular_email',
        variation: 'none',
        subject: 'Coming up: {{ amount_due }} due on {{ oldest_due_date }}',
        body: '<p>Hi {{ contact_first_name }},</p><p>{{ amount_due }} falls due in {{ days_until_due }} days.</p>{{ invoice_table }}<p>{{ sign_off }}</p>',
      })
      .returning({ id: emailTemplate.id }));
  if (!row) throw new Error('template insert returned nothing');
  return row.id;
}

/**
 * Walk the clock from `from` to `to`: the worker's passes four times a day, and the sender at every
 * instant an email is planned for (as it runs every minute). Returns what reached the SMTP server.
 */
async function walk(orgId: string, from: string, to: string, start?: string) {
  const before = sink.messages.length;
  const sendUntil = async (until: Date) => {
    const planned = (await readEvents(tdb.db, orgId)).filter((e) => e.status === 'pending' && e.scheduledFor !== null);
    for (const instant of [...new Set(planned.map((e) => e.scheduledFor ?? ''))].filter((x) => x <= until.toISOString()).sort()) {
      await sendDueEmails(senderDepsFor(tdb.db, () => new Date(instant)), { orgId });
    }
  };
  for (let day = from; day <= to; day = addDays(day, 1)) {
    for (const time of PASS_TIMES) {
      if (day === from && start && time < start) continue;
      await sendUntil(at(day, time));
      await hourlyPass(tdb.db, orgId, at(day, time));
    }
  }
  await sendUntil(at(to, '23:59'));
  return sink.messages.slice(before);
}

describe('a workflow timed from the due date', () => {
  it('sends an imported customer 120 days late one email, from the +90 step, and a customer due in five days the −3 reminder on its working day', { timeout: 180_000 }, async () => {
    const org = await chasingOrganisation(tdb.db, { timezone: 'Europe/London', holidayRegion: 'GB-ENG', weeklyCap: 2 });
    await configureMail(tdb.db, org.id, { sink, from: { name: 'Acme Accounts', email: 'accounts@acme.test' }, mode: 'sending' });
    const t = (name: string) => org.templates.get(name) ?? '';
    const upcoming = await upcomingTemplate(org.id);
    const wf = await insertWorkflow(tdb.db, org.id, [
      { standing: 'in_good_standing', delay: -3, emailId: upcoming },
      { standing: 'single_missed', delay: 7, emailId: t('Friendly reminder') },
      { standing: 'single_missed', delay: 30, emailId: t('Checking in') },
      { standing: 'single_missed', delay: 60, emailId: t('Firm reminder') },
      { standing: 'single_missed', delay: 90, emailId: t('Urgent reminder') },
    ], { isDefault: true });
    const names = new Map(['−3', '+7', '+30', '+60', '+90'].map((n, i) => [wf.actions[i] ?? '', n]));

    // Wednesday 4 March 2026: a customer imported 120 days late, one whose invoice is due on Monday
    // the 9th (in five days), and one due on Tuesday the 10th (its −3 day is a Saturday).
    const aged = await insertCustomer(tdb.db, org.id, { name: 'Aged Debt Ltd' });
    await insertContact(tdb.db, org.id, aged.id, { role: 'primary', name: 'Alex Aged', email: 'alex@aged.example' });
    await insertInvoice(tdb.db, org.id, aged.id, { number: 'AGED-1', amountDue: 120_000, issuedOn: '2025-10-05', dueDate: addDays('2026-03-04', -120) });
    const soon = await insertCustomer(tdb.db, org.id, { name: 'Due Soon Ltd' });
    await insertContact(tdb.db, org.id, soon.id, { role: 'primary', name: 'Sam Soon', email: 'sam@soon.example' });
    await insertInvoice(tdb.db, org.id, soon.id, { number: 'SOON-1', amountDue: 45_000, issuedOn: '2026-02-09', dueDate: '2026-03-09' });
    const weekend = await insertCustomer(tdb.db, org.id, { name: 'Weekend Due Ltd' });
    await insertContact(tdb.db, org.id, weekend.id, { role: 'primary', email: 'ap@weekend.example' });
    await insertInvoice(tdb.db, org.id, weekend.id, { number: 'WKND-1', amountDue: 30_000, issuedOn: '2026-02-10', dueDate: '2026-03-10' });

    const mail = await walk(org.id, '2026-03-04', '2026-03-13', '12:30');

    // The aged debt: one email, the +90 step's, at the first pass that saw it (Wednesday's lunchtime
    // pass, inside the window); +7, +30 and +60 recorded as skipped, never sent.
    const agedEvents = await readEvents(tdb.db, org.id, aged.id);
    expect(agedEvents.map((e) => [names.get(e.actionId ?? ''), e.status, e.reason]).sort()).toEqual([
      ['+30', 'superseded', 'skipped'],
      ['+60', 'superseded', 'skipped'],
      ['+7', 'superseded', 'skipped'],
      ['+90', 'success', null],
    ]);
    expect(agedEvents.find((e) => e.status === 'success')?.sentAt).toBe('2026-03-04T12:30:00.000Z');
    const toAged = mail.filter((m) => m.to.includes('alex@aged.example'));
    expect(toAged).toHaveLength(1);
    // The urgent letter, with the days late of the day it went: 120.
    expect(readMail(toAged[0]?.raw ?? '').text).toMatch(/120 days overdue|120 days late|\b120\b/);

    // Due Monday the 9th: the −3 reminder on Friday the 6th at 09:00, and nothing else before the due date.
    const toSoon = mail.filter((m) => m.to.includes('sam@soon.example'));
    const soonEvents = await readEvents(tdb.db, org.id, soon.id);
    const early = soonEvents.find((e) => names.get(e.actionId ?? '') === '−3');
    expect(early).toMatchObject({ status: 'success', sentAt: '2026-03-06T09:00:00.000Z', dueDay: '2026-03-06' });
    expect(toSoon).toHaveLength(1);
    const read = readMail(toSoon[0]?.raw ?? '');
    expect(read.subject).toBe('Coming up: £450.00 due on 9 March 2026');
    expect(read.text).toContain('£450.00 falls due in 3 days.');
    expect(read.text).toContain('SOON-1');
    expect(read.text).toContain('in 3 days');
    // Once overdue (from Tuesday the 10th) its chase begins: +7 is planned for Monday the 16th.
    expect(soonEvents.filter((e) => e.status === 'pending').map((e) => [names.get(e.actionId ?? ''), e.scheduledFor])).toEqual([['+7', '2026-03-16T09:00:00.000Z']]);

    // Due Tuesday the 10th: −3 is Saturday the 7th, so Monday the 9th at 09:00.
    const weekendEarly = (await readEvents(tdb.db, org.id, weekend.id)).find((e) => names.get(e.actionId ?? '') === '−3');
    expect(weekendEarly).toMatchObject({ status: 'success', dueDay: '2026-03-07', sentAt: '2026-03-09T09:00:00.000Z', deferred: ['not_a_working_day'] });
  });

  it('keeps the level a chase reached: paying one of two overdue invoices at the escalation step does not plan the friendly one', { timeout: 120_000 }, async () => {
    const org = await chasingOrganisation(tdb.db, { timezone: 'Europe/London', weeklyCap: 2 });
    await configureMail(tdb.db, org.id, { sink, from: { name: 'Acme Accounts', email: 'accounts@acme.test' }, mode: 'sending' });
    const t = (name: string) => org.templates.get(name) ?? '';
    const wf = await insertWorkflow(tdb.db, org.id, [
      { standing: 'single_missed', delay: 1, emailId: t('Friendly reminder') },
      { standing: 'single_missed', delay: 7, emailId: t('Checking in') },
      { standing: 'single_missed', delay: 14, emailId: t('Firm reminder') },
      { standing: 'single_missed', delay: 60, emailId: t('Escalation') },
      { standing: 'multiple_missed', delay: 0, emailId: t('Firm reminder') },
      { standing: 'multiple_missed', delay: 30, emailId: t('Urgent escalation') },
    ], { isDefault: true });
    const names = new Map(['s1', 's7', 's14', 's60', 'm0', 'm30'].map((n, i) => [wf.actions[i] ?? '', n]));
    const c = await insertCustomer(tdb.db, org.id, { name: 'Two Invoices Ltd' });
    await insertContact(tdb.db, org.id, c.id, { role: 'primary', name: 'Pat Payer', email: 'pat@two.example' });
    await insertContact(tdb.db, org.id, c.id, { role: 'escalation', name: 'Erin Boss', email: 'erin@two.example' });
    // Wednesday 4 March: two invoices, 40 and 30 days late.
    const oldest = await insertInvoice(tdb.db, org.id, c.id, { number: 'OLD-1', amountDue: 80_000, issuedOn: '2025-12-24', dueDate: addDays('2026-03-04', -40) });
    await insertInvoice(tdb.db, org.id, c.id, { number: 'NEW-1', amountDue: 50_000, issuedOn: '2026-01-02', dueDate: addDays('2026-03-04', -30) });

    const first = await walk(org.id, '2026-03-04', '2026-03-04', '12:30');
    // Several missed, 40 days in: the escalation at +30 goes (to the escalation contact), m0 is skipped.
    expect(first.map((m) => m.to)).toEqual([['erin@two.example', 'pat@two.example']]);

    // Thursday: the oldest invoice is paid. The customer is back to one missed invoice, 30 days
    // late, but its chase is the same one, counted from the oldest due date it had: it stays at
    // the level it reached. Of the single standing's steps, the latest whose time has come on day
    // 41 is the firm +14: it goes, and the friendly +1 and +7 are skipped.
    await createPayment({ db: tdb.db, orgId: org.id, actorId: null, now: () => at('2026-03-05', '10:00') }, {
      customer_id: c.id, invoice_id: oldest.id, amount: 80_000, currency: 'GBP',
    });
    const [row] = await withOrg(tdb.db, org.id, (tx) =>
      tx
        .select({ standing: customer.standing, chaseDueDate: customer.chaseDueDate })
        .from(customer)
        .where(and(eq(customer.orgId, org.id), eq(customer.id, c.id))));
    expect(row).toEqual({ standing: 'single_missed', chaseDueDate: addDays('2026-03-04', -40) });
    // The payment itself planned it (the write reconciles the customer at once): due now.
    const planned = (await readEvents(tdb.db, org.id, c.id)).filter((e) => e.status === 'pending');
    expect(planned.map((e) => [names.get(e.actionId ?? ''), e.scheduledFor])).toEqual([['s14', '2026-03-05T10:00:00.000Z']]);
    // After it, the customer page's next email is the escalation, 60 days after the chase's due date.
    const plan = await getCustomerPlan({ db: tdb.db, orgId: org.id }, c.id, at('2026-03-05', '10:00'));
    expect(plan.next).toMatchObject({ email_name: 'Escalation', send_at: '2026-03-24T09:00:00.000Z' });
    const later = await walk(org.id, '2026-03-05', '2026-03-12', '12:30');
    expect(later.map((m) => m.to)).toEqual([['pat@two.example']]);
    expect(readMail(later[0]?.raw ?? '').text).toContain('NEW-1');
    expect(readMail(later[0]?.raw ?? '').text).not.toContain('OLD-1');
    const events = await readEvents(tdb.db, org.id, c.id);
    expect(events.map((e) => [names.get(e.actionId ?? ''), e.status, e.reason]).sort()).toEqual([
      ['m0', 'superseded', 'skipped'],
      ['m30', 'success', null],
      ['s1', 'superseded', 'skipped'],
      ['s14', 'success', null],
      // Within the 14-day horizon by the 12th: planned for the 24th.
      ['s60', 'pending', null],
      ['s7', 'superseded', 'skipped'],
    ]);
  });
  it('repeats a repeating step every so many days while the debt stays unpaid, catching up to the latest repeat due', { timeout: 180_000 }, async () => {
    const org = await chasingOrganisation(tdb.db, { timezone: 'Europe/London', weeklyCap: 2 });
    await configureMail(tdb.db, org.id, { sink, from: { name: 'Acme Accounts', email: 'accounts@acme.test' }, mode: 'sending' });
    const t = (name: string) => org.templates.get(name) ?? '';
    const wf = await insertWorkflow(tdb.db, org.id, [
      { standing: 'single_missed', delay: 7, emailId: t('Friendly reminder') },
      { standing: 'single_missed', delay: 30, emailId: t('Firm reminder') },
    ], { isDefault: true });
    await withOrg(tdb.db, org.id, (tx) => tx.execute(sql`update workflow_action set repeat_days = 14 where id = ${wf.actions[1] ?? ''}`));
    const c = await insertCustomer(tdb.db, org.id, { name: 'Still Owing Ltd' });
    await insertContact(tdb.db, org.id, c.id, { role: 'primary', email: 'ap@still-owing.example' });
    // Wednesday 4 March: 60 days late. The firm step's days are 30, 44, 58, 72, 86…: 58 has come.
    await insertInvoice(tdb.db, org.id, c.id, { number: 'OWE-1', amountDue: 75_000, issuedOn: '2025-12-04', dueDate: addDays('2026-03-04', -60) });

    const mail = await walk(org.id, '2026-03-04', '2026-03-20', '12:30');
    const events = await readEvents(tdb.db, org.id, c.id);
    const repeat = (key: string | null) => /#(\d+)$/.exec(key ?? '')?.[1] ?? '0';
    const byDay = [...events].sort((a, b) => (a.dueDay ?? '').localeCompare(b.dueDay ?? ''));
    expect(byDay.map((e) => [e.actionId === wf.actions[0] ? '+7' : '+30', repeat(e.dedupeKey), e.status, e.reason, e.dueDay])).toEqual([
      ['+7', '0', 'superseded', 'skipped', addDays('2026-03-04', -53)],
      ['+30', '0', 'superseded', 'skipped', addDays('2026-03-04', -30)],
      // The latest repeat due goes at once; the next on its day, Monday the 16th (day 72).
      ['+30', '2', 'success', null, addDays('2026-03-04', -2)],
      ['+30', '3', 'success', null, '2026-03-16'],
      // Day 86 (Monday the 30th) is within the horizon by now: planned.
      ['+30', '4', 'pending', null, '2026-03-30'],
    ]);
    expect(mail.map((m) => m.to)).toEqual([['ap@still-owing.example'], ['ap@still-owing.example']]);
    expect(new Set(events.map((e) => e.dedupeKey)).size).toBe(events.length);
  });
});
