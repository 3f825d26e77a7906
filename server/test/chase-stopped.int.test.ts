import { addDays, customerListQuerySchema, serializeCustomerFilters, type CustomerFilter } from '@receivables/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';

import { contact, customer, workflowAction } from '../src/db/schema';
import { closeTransports } from '../src/lib/smtp-transport';
import { findCustomers } from '../src/modules/customers/find-customers';
import { getCustomer } from '../src/modules/customers/get-customer';
import { getOverdueSummary } from '../src/modules/customers/get-overdue-summary';
import { pauseCustomer } from '../src/modules/customers/pause-customer';
import { upsertContact } from '../src/modules/customers/upsert-contact';
import { sendDueEmails } from '../src/modules/delivery/send-due-emails';
import { createPayment } from '../src/modules/payments/create-payment';

import { configureMail, senderDepsFor } from './delivery-helpers';
import { chasingOrganisation, hourlyPass, insertWorkflow, readEvents } from './scheduling-helpers';
import { createTestDatabase, insertContact, insertCustomer, insertInvoice, type SmtpSink, startSmtpSink, type TestDatabase, withOrg } from './support';

/**
 * Issue 29, scope 8 (decision 0039): a customer who owes, is not paused and has nothing more
 * planned is never left unseen. The scheduler records when its chasing runs out and why; the list
 * filters on it, Home counts it, the customer page says it. The passes run at a clock in March
 * 2026, so every time they record has passed by the time the list is read.
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

const PASS = new Date('2026-03-04T12:30:00.000Z');
const TODAY = '2026-03-04';

const stoppedFilter = (value: CustomerFilter): string => serializeCustomerFilters([value]);

async function listStopped(orgId: string, filter: CustomerFilter = { field: 'chase_stopped', operator: 'ne', value: null }) {
  const query = customerListQuerySchema.parse({ filter_str: stoppedFilter(filter), sort_field: 'name', sort_order: 'asc', limit: 50 });
  const page = await findCustomers({ db: tdb.db, orgId }, query);
  return page.rows.map((r) => [r.name, r.chase_stopped?.reason ?? null]);
}

describe('chasing that stops', () => {
  it('is recorded with its reason, listed by the filter, counted for Home and cleared when the reason goes', { timeout: 120_000 }, async () => {
    const org = await chasingOrganisation(tdb.db, { timezone: 'Europe/London', holidayRegion: null, weeklyCap: 3 });
    await configureMail(tdb.db, org.id, { sink, from: { name: 'Acme Accounts', email: 'accounts@acme.test' }, mode: 'sending' });
    const t = (name: string) => org.templates.get(name) ?? '';
    await insertWorkflow(tdb.db, org.id, [
      { standing: 'single_missed', delay: 7, emailId: t('Friendly reminder') },
      { standing: 'single_missed', delay: 30, emailId: t('Firm reminder') },
    ], { isDefault: true, name: 'Short' });
    const long = await insertWorkflow(tdb.db, org.id, [
      { standing: 'single_missed', delay: 7, emailId: t('Friendly reminder') },
      { standing: 'single_missed', delay: 365, emailId: t('Urgent reminder') },
    ], { name: 'Long' });

    const owing = async (name: string, daysLate: number, email: string | null, extra: { workflowId?: string } = {}) => {
      const c = await insertCustomer(tdb.db, org.id, { name, ...extra });
      if (email) await insertContact(tdb.db, org.id, c.id, { role: 'primary', email });
      await insertInvoice(tdb.db, org.id, c.id, { number: `${name.slice(0, 4).toUpperCase()}-1`, amountDue: 50_000, issuedOn: addDays(TODAY, -daysLate - 30), dueDate: addDays(TODAY, -daysLate) });
      return c;
    };
    const finished = await owing('Finished Ltd', 120, 'ap@finished.example');
    const nobody = await owing('Nobody Ltd', 40, null);
    const bounced = await owing('Bounced Ltd', 40, 'ap@bounced.example');
    await withOrg(tdb.db, org.id, (tx) =>
      tx.update(contact).set({ undeliverableAt: PASS, undeliverableReason: '550 no such user' }).where(eq(contact.customerId, bounced.id)));
    await owing('Going On Ltd', 2, 'ap@going.example', { workflowId: long.id });

    const paused = await owing('Paused Ltd', 120, 'ap@paused.example');
    await pauseCustomer({ db: tdb.db, orgId: org.id, actorId: null, today: TODAY, now: () => PASS }, paused.id, { until: null });

    await hourlyPass(tdb.db, org.id, PASS);
    await sendDueEmails(senderDepsFor(tdb.db, () => PASS), { orgId: org.id });
    await hourlyPass(tdb.db, org.id, new Date(PASS.getTime() + 60_000));
    // The aged debt got its latest step (+30) and nothing is left after it.
    const finishedEvents = await readEvents(tdb.db, org.id, finished.id);
    expect(finishedEvents.map((e) => [e.status, e.reason])).toEqual(expect.arrayContaining([['success', null], ['superseded', 'skipped']]));

    // Every customer who owes with nothing more to send is listed, with why; the customer still
    // chased (its +365 step is in 2027) and the paused one are not.
    expect(await listStopped(org.id)).toEqual([
      ['Bounced Ltd', 'addresses_bounced'],
      ['Finished Ltd', 'workflow_finished'],
      ['Nobody Ltd', 'no_contact'],
    ]);
    expect(await listStopped(org.id, { field: 'chase_stopped', operator: 'in', value: ['no_contact'] })).toEqual([['Nobody Ltd', 'no_contact']]);
    expect(await listStopped(org.id, { field: 'chase_stopped', operator: 'eq', value: null })).toEqual([
      ['Going On Ltd', null],
      ['Paused Ltd', null],
    ]);
    // Stopped since the last email went, not since a pass last looked.
    const detail = await getCustomer({ db: tdb.db, orgId: org.id }, finished.id);
    expect(detail.chase_stopped).toEqual({ reason: 'workflow_finished', since: finishedEvents.find((e) => e.status === 'success')?.sentAt });
    expect((await getCustomer({ db: tdb.db, orgId: org.id }, nobody.id)).chase_stopped).toEqual({ reason: 'no_contact', since: PASS.toISOString() });
    const summary = await getOverdueSummary({ db: tdb.db, orgId: org.id });
    expect(summary.chasing_stopped.sort((a, b) => a.reason.localeCompare(b.reason))).toEqual([
      { reason: 'addresses_bounced', customers: 1 },
      { reason: 'no_contact', customers: 1 },
      { reason: 'workflow_finished', customers: 1 },
    ]);

    // A later pass keeps the time it stopped.
    await hourlyPass(tdb.db, org.id, new Date(PASS.getTime() + 3 * 3_600_000));
    expect((await getCustomer({ db: tdb.db, orgId: org.id }, nobody.id)).chase_stopped?.since).toBe(PASS.toISOString());

    // A contact for Nobody Ltd plans its next email (at the real clock, in the future): no longer stopped.
    await upsertContact({ db: tdb.db, orgId: org.id, actorId: null }, nobody.id, { role: 'primary', email: 'ap@nobody.example' });
    expect((await getCustomer({ db: tdb.db, orgId: org.id }, nobody.id)).chase_stopped).toBeNull();
    // The +30 step, recorded as having nobody to write to, is planned again for the new contact
    // (the +7 step stays skipped, as the first pass recorded it).
    const resumed = await readEvents(tdb.db, org.id, nobody.id);
    expect(resumed.map((e) => [e.status, e.reason]).sort()).toEqual([['pending', null], ['superseded', 'skipped']]);
    expect(resumed.find((e) => e.status === 'pending')?.to).toEqual([expect.objectContaining({ email: 'ap@nobody.example' })]);
    // Paid in full, Finished Ltd owes nothing: nothing to chase, nothing stopped.
    await createPayment({ db: tdb.db, orgId: org.id, actorId: null }, { customer_id: finished.id, amount: 50_000, currency: 'GBP' });
    expect((await getCustomer({ db: tdb.db, orgId: org.id }, finished.id)).chase_stopped).toBeNull();
    expect(await listStopped(org.id)).toEqual([['Bounced Ltd', 'addresses_bounced']]);
  });

  it('never runs out on a repeating step: its recorded end lies beyond the horizon, and a pass plans it again first', async () => {
    const org = await chasingOrganisation(tdb.db, { timezone: 'Europe/London', holidayRegion: null });
    const firm = org.templates.get('Firm reminder') ?? '';
    const repeating = await insertWorkflow(tdb.db, org.id, [{ standing: 'single_missed', delay: 7, emailId: firm }], { isDefault: true });
    const everyFortnight = eq(workflowAction.workflowId, repeating.id);
    await withOrg(tdb.db, org.id, (tx) => tx.update(workflowAction).set({ repeatDays: 14 }).where(everyFortnight));
    const repeat = await insertCustomer(tdb.db, org.id, { name: 'Repeat Ltd' });
    await insertContact(tdb.db, org.id, repeat.id, { role: 'primary', email: 'ap@repeat.example' });
    const invoice = { number: 'REP-1', amountDue: 50_000, issuedOn: addDays(TODAY, -80), dueDate: addDays(TODAY, -50) };
    await insertInvoice(tdb.db, org.id, repeat.id, invoice);
    await hourlyPass(tdb.db, org.id, PASS);
    const readEnd = () =>
      withOrg(tdb.db, org.id, (tx) =>
        tx.select({ stopsAt: customer.chaseStopsAt, reviewAt: customer.planReviewAt }).from(customer).where(eq(customer.id, repeat.id)));
    const [ends] = await readEnd();
    expect(ends?.stopsAt?.getTime()).toBeGreaterThan(PASS.getTime() + 14 * 86_400_000);
    expect(ends?.reviewAt?.getTime()).toBeLessThan(ends?.stopsAt?.getTime() ?? 0);
    // The next pass it is due for moves the end on again: at no clock has its time come.
    await hourlyPass(tdb.db, org.id, ends?.reviewAt ?? PASS);
    const [later] = await readEnd();
    expect(later?.stopsAt?.getTime()).toBeGreaterThan(ends?.stopsAt?.getTime() ?? 0);
  });
});
