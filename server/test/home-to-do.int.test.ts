import { addDays, type CustomerListResponse, organisationToday, serializeCustomerFilters, type CustomerFilter, type EventListResponse, type ToDo } from '@receivables/contracts';
import { describe, expect, it } from 'vitest';

import { inboundEmail } from '../src/db/schema';

import { useIntegrationEnv } from './integration-env';
import { insertCustomer, insertEvent, okBody, withOrg } from './support';

/**
 * Issue 30, scope 1 (decision 0040): Home's To do counts what needs a person today, in the
 * organisation's days, and each count is exactly what its link's filter lists.
 */
const env = useIntegrationEnv();

/** London's wall clock is the organisation's (the sign-up default). */
const londonDay = (at: Date) => organisationToday('Europe/London', at);
const at = (day: string, time: string) => new Date(`${day}T${time}:00Z`);

describe('Home’s To do', () => {
  it('counts replies to read, emails going out today and tomorrow, promises due and broken, disputes and pauses ending — and only the organisation’s own', async () => {
    const { api, orgId } = await env.signUp();
    const other = await env.signUp();
    const today = londonDay(new Date());
    const tomorrow = addDays(today, 1);
    const db = env.db.db;
    const customer = (name: string, values: Parameters<typeof insertCustomer>[2] = {}) => insertCustomer(db, orgId, { name, ...values });

    // Promised to pay today: paused through today, chasing starts again tomorrow.
    await customer('Promise Due Ltd', { standing: 'paused', pausedUntil: tomorrow, pauseReason: 'promise' });
    // Promised, the day passed, still owes: chasing started again, the reason kept.
    await customer('Promise Broken Ltd', { standing: 'single_missed', pauseReason: 'promise', amountOverdue: 10_000, nInvoices: 1 });
    await customer('Disputing Ltd', { standing: 'paused', pausedUntil: null, pauseReason: 'dispute' });
    await customer('Back Monday Ltd', { standing: 'paused', pausedUntil: addDays(today, 3), pauseReason: 'out_of_office' });
    await customer('Back Next Month Ltd', { standing: 'paused', pausedUntil: addDays(today, 30) });
    const planned = await customer('Planned Ltd', { standing: 'single_missed', amountOverdue: 5_000, nInvoices: 1 });
    // Two emails today (one already gone out: not counted), one tomorrow, one the day after.
    await insertEvent(db, orgId, planned.id, { scheduledFor: at(today, '23:30') });
    await insertEvent(db, orgId, planned.id, { scheduledFor: at(today, '00:30') });
    await insertEvent(db, orgId, planned.id, { scheduledFor: at(today, '00:10'), status: 'success', sentAt: at(today, '00:10') });
    await insertEvent(db, orgId, planned.id, { scheduledFor: at(tomorrow, '09:00') });
    await insertEvent(db, orgId, planned.id, { scheduledFor: at(addDays(today, 2), '09:00') });
    await withOrg(db, orgId, (tx) =>
      tx.insert(inboundEmail).values([
        { orgId, channel: 'smtp', kind: 'reply', raw: Buffer.from('x'), size: 1 },
        { orgId, channel: 'smtp', kind: 'reply', raw: Buffer.from('x'), size: 1, readAt: new Date() },
        // A bounce is a delivery report, not a reply to read.
        { orgId, channel: 'smtp', kind: 'bounce', raw: Buffer.from('x'), size: 1 },
      ]));
    // Another organisation's look-alikes count for nobody here.
    await insertCustomer(db, other.orgId, { name: 'Elsewhere Ltd', standing: 'paused', pauseReason: 'dispute' });

    const toDo = okBody(await api<ToDo>('GET', '/api/home/to-do'));
    expect(toDo).toEqual({
      today,
      tomorrow,
      week_end: addDays(today, 6),
      replies_to_read: 1,
      // 23:30 UTC is still today in London only in winter: count what the organisation's day holds.
      emails_today: londonDay(at(today, '23:30')) === today ? 2 : 1,
      emails_tomorrow: londonDay(at(today, '23:30')) === today ? 1 : 2,
      // Some go today or tomorrow: no "next day" line.
      next_emails: null,
      promises_due: 1,
      promises_broken: 1,
      disputes: 1,
      pauses_ending: 2,
      // Follow-ups of notes and calls are customer-notes.int.test.ts's (decision 0043).
      follow_ups_due: 0,
      follow_ups: [],
    });
    expect(okBody(await other.api<ToDo>('GET', '/api/home/to-do'))).toMatchObject({ disputes: 1, promises_due: 0, emails_today: 0, replies_to_read: 0 });

    // Each line's link lists exactly what it counted.
    const names = async (filters: CustomerFilter[]) =>
      okBody(await api<CustomerListResponse>('GET', `/api/customers/?sort_field=name&sort_order=asc&filter_str=${encodeURIComponent(serializeCustomerFilters(filters))}`))
        .rows.map((r) => r.name);
    expect(await names([{ field: 'pause_reason', operator: 'eq', value: 'promise' }, { field: 'paused_until', operator: 'eq', value: tomorrow }])).toEqual(['Promise Due Ltd']);
    expect(await names([{ field: 'pause_reason', operator: 'eq', value: 'promise' }, { field: 'standing', operator: 'in', value: ['single_missed', 'multiple_missed'] }])).toEqual(['Promise Broken Ltd']);
    expect(await names([{ field: 'pause_reason', operator: 'eq', value: 'dispute' }, { field: 'standing', operator: 'eq', value: 'paused' }])).toEqual(['Disputing Ltd']);
    expect(await names([{ field: 'standing', operator: 'eq', value: 'paused' }, { field: 'paused_until', operator: 'lte', value: toDo.week_end }])).toEqual(['Back Monday Ltd', 'Promise Due Ltd']);
    const outbox = async (day: string) => okBody(await api<EventListResponse>('GET', `/api/events/?tab=outbox&status=pending&from=${day}&to=${day}`)).total;
    expect(await outbox(today)).toBe(toDo.emails_today);
    expect(await outbox(tomorrow)).toBe(toDo.emails_tomorrow);
  });

  it('names the next day emails go when none go today or tomorrow, as on a Saturday before Monday’s', async () => {
    const { api, orgId } = await env.signUp();
    const today = londonDay(new Date());
    const customer = await insertCustomer(env.db.db, orgId, { name: 'Monday Ltd', standing: 'single_missed', amountOverdue: 5_000, nInvoices: 1 });
    // Two on the third day, one on the fourth, one already gone out today.
    await insertEvent(env.db.db, orgId, customer.id, { scheduledFor: at(addDays(today, 2), '09:00') });
    await insertEvent(env.db.db, orgId, customer.id, { scheduledFor: at(addDays(today, 2), '10:00') });
    await insertEvent(env.db.db, orgId, customer.id, { scheduledFor: at(addDays(today, 3), '09:00') });
    await insertEvent(env.db.db, orgId, customer.id, { scheduledFor: at(today, '00:05'), status: 'success', sentAt: at(today, '00:05') });

    const toDo = okBody(await api<ToDo>('GET', '/api/home/to-do'));
    expect(toDo).toMatchObject({ emails_today: 0, emails_tomorrow: 0, next_emails: { day: addDays(today, 2), count: 2 } });
    // Nothing planned within the fortnight: no line at all.
    const empty = await env.signUp();
    expect(okBody(await empty.api<ToDo>('GET', '/api/home/to-do')).next_emails).toBeNull();
  });
});
