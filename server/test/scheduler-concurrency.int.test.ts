import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';

import { scheduleOrganisation } from '../src/modules/scheduling/schedule-organisation';

import { chasingOrganisation, readEvents } from './scheduling-helpers';
import {
  createDatabase,
  createTestDatabase,
  type Database,
  insertContact,
  insertCustomers,
  insertInvoices,
  refreshCustomerFigures,
  type TestDatabase,
  withOrg,
} from './support';

let tdb: TestDatabase;
const workers: Database[] = [];
beforeAll(async () => {
  tdb = await createTestDatabase(inject('adminDatabaseUrl'));
  // Two more pools on the same database: two worker processes, as far as PostgreSQL can tell.
  workers.push(createDatabase(tdb.url, { max: 2 }), createDatabase(tdb.url, { max: 2 }));
});
afterAll(async () => {
  await Promise.all(workers.map((w) => w.close()));
  await tdb.drop();
});

/** An organisation of `n` customers owing one or two invoices since 1 June 2026, half with an escalation contact. */
async function owingBook(n: number): Promise<string> {
  const org = await chasingOrganisation(tdb.db, { timezone: 'Europe/London', weeklyCap: 3 });
  const customers = await insertCustomers(tdb.db, org.id, Array.from({ length: n }, (_, i) => ({ name: `Owing ${i}` })));
  for (const [i, c] of customers.entries()) {
    await insertContact(tdb.db, org.id, c.id, { role: 'primary', email: `ap${i}@owing.example` });
    if (i % 2 === 0) await insertContact(tdb.db, org.id, c.id, { role: 'escalation', email: `boss${i}@owing.example` });
    const invoices = [{ amountDue: 10_000 + i, issuedOn: '2026-04-01', dueDate: '2026-05-31' }];
    if (i % 3 === 0) invoices.push({ amountDue: 20_000 + i, issuedOn: '2026-04-01', dueDate: '2026-05-30' });
    await insertInvoices(tdb.db, org.id, c.id, invoices);
  }
  await refreshCustomerFigures(tdb.db, org.id, { today: '2026-06-01', now: new Date('2026-06-01T07:00:00Z') });
  return org.id;
}

async function historyRows(orgId: string): Promise<{ event_id: string; n: number }[]> {
  const rows = await withOrg(tdb.db, orgId, (tx) =>
    tx.execute<{ event_id: string; n: number }>(sql`select event_id, count(*)::int as n from event_status_change where org_id = ${orgId} group by event_id`));
  return rows.rows;
}

describe('the scheduler run twice, or by two workers at once', () => {
  it('plans every email exactly once, and a second pass changes nothing', async () => {
    const orgId = await owingBook(60);
    const now = new Date('2026-06-01T10:00:00Z');
    // Small chunks, so the two passes interleave chunk by chunk on their locks.
    const [a, b] = await Promise.all(workers.map((w) => scheduleOrganisation(w.db, orgId, now, { chunk: 7 })));
    const events = await readEvents(tdb.db, orgId);
    expect(events.length).toBeGreaterThan(60);
    expect((a?.created ?? 0) + (b?.created ?? 0)).toBe(events.length);
    expect(new Set(events.map((e) => e.dedupeKey)).size).toBe(events.length);
    const history = await historyRows(orgId);
    expect(history).toHaveLength(events.length);
    expect(history.every((h) => h.n === 1)).toBe(true);

    const again = await scheduleOrganisation(tdb.db, orgId, now);
    expect(again).toMatchObject({ customers: 60, created: 0, moved: 0, revived: 0, superseded: 0 });
    expect(await readEvents(tdb.db, orgId)).toEqual(events);
  });

  it('two passes at once at a later clock agree too: what is new is created once, what moved is moved once', async () => {
    const orgId = await owingBook(30);
    await scheduleOrganisation(tdb.db, orgId, new Date('2026-06-01T10:00:00Z'));
    const later = new Date('2026-06-09T10:00:00Z');
    const [a, b] = await Promise.all(workers.map((w) => scheduleOrganisation(w.db, orgId, later, { chunk: 5, onlyDue: true })));
    const events = await readEvents(tdb.db, orgId);
    const created = events.filter((e) => e.history[0]?.at === later.toISOString());
    expect((a?.created ?? 0) + (b?.created ?? 0)).toBe(created.length);
    expect(created.length).toBeGreaterThan(0);
    expect((await historyRows(orgId)).every((h) => h.n === 1)).toBe(true);
  });
});
