import { addDays } from '@receivables/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';

import { standingTransition } from '../src/db/schema';
import { getCustomerPlan } from '../src/modules/workflows/get-customer-plan';
import { previewWorkflow } from '../src/modules/workflows/preview-workflow';

import { chasingOrganisation, type EventSeen, hourlyPass, insertWorkflow, readEvents } from './scheduling-helpers';
import { createTestDatabase, insertContact, insertCustomer, insertInvoice, refreshCustomerFigures, type TestDatabase, withOrg } from './support';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase(inject('adminDatabaseUrl'));
});
afterAll(() => tdb.drop());

/** London is on GMT from January to March: its wall clock is UTC. */
const at = (day: string, time: string): Date => new Date(`${day}T${time}:00.000Z`);

/** The worker's passes of one day: after midnight, before the window, at lunch, in the evening. */
const PASS_TIMES = ['00:30', '08:30', '12:30', '18:30'];

async function setInvoice(orgId: string, id: string, status: 'paid' | 'void'): Promise<void> {
  // As a payment provider's sync would write it; the next pass moves the standing on.
  await withOrg(tdb.db, orgId, (tx) =>
    tx.execute(sql`update invoice set status = ${status}, amount_paid = case when ${status} = 'paid' then amount_due else amount_paid end,
      amount_remaining = 0, updated_at = clock_timestamp() where id = ${id}`));
}

/** An event as the timeline asserts it: which step of which standing, when, and how it ended. */
const summary = (e: EventSeen, names: Map<string, string>) =>
  [names.get(e.actionId ?? '') ?? e.actionId, e.scheduledFor, e.status, e.reason, e.history.map((h) => `${h.status}${h.reason ? `:${h.reason}` : ''}@${h.at}`).join(' ')];

describe('the scheduler over sixty days of one customer, the clock in the test\'s hands', () => {
  it('plans each step once, on the right working day inside the window, and supersedes with the reason at each change of standing', async () => {
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
    await refreshCustomerFigures(tdb.db, org.id, { today: '2026-01-12', now: at('2026-01-12', '00:00') });

    const snapshots = new Map<string, ReturnType<typeof summary>[]>();
    for (let day = '2026-01-12'; day <= '2026-03-13'; day = addDays(day, 1)) {
      for (const time of PASS_TIMES) {
        if (day === '2026-02-02' && time === '12:30') await setInvoice(org.id, a.id, 'paid');
        if (day === '2026-02-10' && time === '12:30') await setInvoice(org.id, b.id, 'void');
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
      ['to_single', '2026-02-02T12:30:00.000Z'],
      ['debt_voided', '2026-02-10T12:30:00.000Z'],
    ]);

    // Before the second invoice falls due: the first episode's three steps, the third planned once within the horizon.
    expect(snapshots.get('2026-01-22')).toEqual([
      ['s1', '2026-01-14T09:00:00.000Z', 'pending', null, 'pending@2026-01-13T00:30:00.000Z'],
      ['s7', '2026-01-20T09:00:00.000Z', 'pending', null, 'pending@2026-01-13T00:30:00.000Z'],
      ['s14', '2026-01-27T09:00:00.000Z', 'pending', null, 'pending@2026-01-13T12:30:00.000Z'],
    ]);
    const final = (await readEvents(tdb.db, org.id, c.id)).map((e) => summary(e, names));
    expect(final).toEqual([
      ['s1', '2026-01-14T09:00:00.000Z', 'pending', null, 'pending@2026-01-13T00:30:00.000Z'],
      ['s7', '2026-01-20T09:00:00.000Z', 'pending', null, 'pending@2026-01-13T00:30:00.000Z'],
      // Multiple missed from Friday the 23rd: its first step that very morning, within the cap (s7 on Tuesday).
      ['m0', '2026-01-23T09:00:00.000Z', 'pending', null, 'pending@2026-01-23T00:30:00.000Z'],
      ['s14', '2026-01-27T09:00:00.000Z', 'superseded', 'standing_changed', 'pending@2026-01-13T12:30:00.000Z superseded:standing_changed@2026-01-23T00:30:00.000Z'],
      ['m5', '2026-01-28T09:00:00.000Z', 'pending', null, 'pending@2026-01-23T00:30:00.000Z'],
      // Back to a single missed invoice on 2 February: a new episode, its steps from the first.
      ['s1', '2026-02-03T09:00:00.000Z', 'pending', null, 'pending@2026-02-02T12:30:00.000Z'],
      ['m12', '2026-02-04T09:00:00.000Z', 'superseded', 'standing_changed', 'pending@2026-01-23T00:30:00.000Z superseded:standing_changed@2026-02-02T12:30:00.000Z'],
      ['s7', '2026-02-09T09:00:00.000Z', 'pending', null, 'pending@2026-02-02T12:30:00.000Z'],
      ['s14', '2026-02-16T09:00:00.000Z', 'superseded', 'debt_voided', 'pending@2026-02-02T12:30:00.000Z superseded:debt_voided@2026-02-10T12:30:00.000Z'],
    ]);
    // Nothing changed after the last debt went: 240 passes, and no second history row anywhere.
    expect(snapshots.get('2026-03-13')).toEqual(final);

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

  it('catches up after a three-day outage: due steps are created, a step more days late than its delay is recorded stale', async () => {
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

    // Monday 2 March, 00:30: the figures moved the customer on, then the worker went down before it planned.
    await refreshCustomerFigures(tdb.db, org.id, { customerIds: [c.id], today: '2026-03-02', now: at('2026-03-02', '00:30') });
    // Back on Thursday the 5th at noon.
    await hourlyPass(tdb.db, org.id, at('2026-03-05', '12:00'));

    const byDueDay = (list: EventSeen[]) => [...list].sort((x, y) => (x.dueDay ?? '').localeCompare(y.dueDay ?? ''));
    const events = byDueDay(await readEvents(tdb.db, org.id, c.id)).map((e) => [names.get(e.actionId ?? ''), e.dueDay, e.scheduledFor, e.status, e.reason]);
    expect(events).toEqual([
      // Due Monday and Tuesday, three and two days late: more than their delays (0 → 1, and 1).
      ['d0', '2026-03-02', '2026-03-05T12:00:00.000Z', 'superseded', 'stale'],
      ['d1', '2026-03-03', '2026-03-05T12:00:00.000Z', 'superseded', 'stale'],
      // Due Wednesday (one day late, within its delay of 2) and today: they go now, one after the other.
      ['d2', '2026-03-04', '2026-03-05T12:00:00.000Z', 'pending', null],
      ['d3', '2026-03-05', '2026-03-05T12:01:00.000Z', 'pending', null],
      ['d7', '2026-03-09', '2026-03-09T09:00:00.000Z', 'pending', null],
    ]);
    // The next pass neither sends what was stale nor plans anything twice.
    await hourlyPass(tdb.db, org.id, at('2026-03-05', '13:00'));
    expect(byDueDay(await readEvents(tdb.db, org.id, c.id)).map((e) => [names.get(e.actionId ?? ''), e.status, e.history.length])).toEqual([
      ['d0', 'superseded', 1],
      ['d1', 'superseded', 1],
      ['d2', 'pending', 1],
      ['d3', 'pending', 1],
      ['d7', 'pending', 1],
    ]);
  });

  it('plans no email to nobody: a step without its contact waits, is planned once the contact exists, and is recorded no_recipient when due', async () => {
    const org = await chasingOrganisation(tdb.db, { timezone: 'Europe/London', weeklyCap: 2 });
    const t = (name: string) => org.templates.get(name) ?? '';
    const wf = await insertWorkflow(tdb.db, org.id, [
      { standing: 'single_missed', delay: 0, emailId: t('Escalation') },
      { standing: 'single_missed', delay: 3, emailId: t('Friendly reminder') },
    ], { isDefault: true });
    const names = new Map([[wf.actions[0] ?? '', 'escalate'], [wf.actions[1] ?? '', 'remind']]);
    const customers = [];
    for (const name of ['Never Escalated Ltd', 'Escalated In Time Ltd']) {
      const c = await insertCustomer(tdb.db, org.id, { name });
      await insertContact(tdb.db, org.id, c.id, { role: 'primary', email: `ap@${c.id.slice(0, 8)}.example` });
      await insertInvoice(tdb.db, org.id, c.id, { amountDue: 50_000, issuedOn: '2026-02-09', dueDate: '2026-03-09' });
      customers.push(c);
    }
    const [never, inTime] = customers;
    if (!never || !inTime) throw new Error('customers missing');
    const seen = async (id: string) =>
      (await readEvents(tdb.db, org.id, id)).map((e) => [names.get(e.actionId ?? ''), e.scheduledFor, e.status, e.reason, e.to.map((r) => r.email)]);

    // Tuesday 10 March, 00:30: both owe; neither has an escalation contact.
    await hourlyPass(tdb.db, org.id, at('2026-03-10', '00:30'));
    const plan = await getCustomerPlan({ db: tdb.db, orgId: org.id }, never.id, at('2026-03-10', '00:30'));
    // The next email is the escalation: the customer page warns that it has no one to go to.
    expect(plan.next).toMatchObject({ email_name: 'Escalation', kind: 'escalation_email', send_at: '2026-03-10T09:00:00.000Z' });
    const preview = await previewWorkflow({ db: tdb.db, orgId: org.id }, wf.id, never.id, at('2026-03-10', '00:30'));
    expect(preview.steps.map((s) => [s.email_name, s.send_at, s.problem])).toEqual([
      ['Escalation', '2026-03-10T09:00:00.000Z', 'The customer has no escalation contact to escalate to'],
      ['Friendly reminder', '2026-03-13T09:00:00.000Z', null],
    ]);
    expect(await seen(never.id)).toEqual([['remind', '2026-03-13T09:00:00.000Z', 'pending', null, [`ap@${never.id.slice(0, 8)}.example`]]]);

    // One of them gets its escalation contact before the window opens.
    await insertContact(tdb.db, org.id, inTime.id, { role: 'escalation', email: 'boss@in-time.example' });
    await hourlyPass(tdb.db, org.id, at('2026-03-10', '08:30'));
    expect(await seen(inTime.id)).toEqual([
      ['escalate', '2026-03-10T09:00:00.000Z', 'pending', null, ['boss@in-time.example']],
      ['remind', '2026-03-13T09:00:00.000Z', 'pending', null, [`ap@${inTime.id.slice(0, 8)}.example`]],
    ]);

    // Its time comes with still no one to escalate to: recorded, never sent, never planned again.
    await hourlyPass(tdb.db, org.id, at('2026-03-10', '09:30'));
    await hourlyPass(tdb.db, org.id, at('2026-03-10', '12:30'));
    expect(await seen(never.id)).toEqual([
      ['escalate', '2026-03-10T09:30:00.000Z', 'superseded', 'no_recipient', []],
      ['remind', '2026-03-13T09:00:00.000Z', 'pending', null, [`ap@${never.id.slice(0, 8)}.example`]],
    ]);
  });
});
