import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';

import { customer, orgSettings } from '../src/db/schema';
import { figuresRefreshJob, refreshFiguresForAllOrganisations } from '../src/jobs/figures-refresh.job';
import { idempotencyCleanupJob } from '../src/jobs/idempotency-cleanup.job';

import { chasingOrganisation, readEvents } from './scheduling-helpers';
import { createTestDatabase, insertContact, insertCustomer, insertInvoice, insertOrganization, startTestWorker, type TestDatabase, withOrg } from './support';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase(inject('adminDatabaseUrl'));
});
afterAll(() => tdb.drop());

/** A customer with one open £500 invoice due on `dueDate`, figures never computed. */
async function customerDueOn(dueDate: string, timeZone?: string) {
  const org = await insertOrganization(tdb.db);
  if (timeZone) {
    await withOrg(tdb.db, org.id, (tx) => tx.update(orgSettings).set({ timezone: timeZone }).where(eq(orgSettings.orgId, org.id)));
  }
  const c = await insertCustomer(tdb.db, org.id, { name: `Due ${dueDate}` });
  await insertInvoice(tdb.db, org.id, c.id, { amountDue: 50_000, dueDate, issuedOn: '2026-01-01' });
  const read = async () => {
    const [row] = await withOrg(tdb.db, org.id, (tx) => tx.select().from(customer).where(eq(customer.id, c.id)));
    if (!row) throw new Error('customer missing');
    return row;
  };
  return { read };
}

describe('the figures pass as days pass', () => {
  it('makes an invoice overdue the day after it falls due, by each organisation\'s own date', async () => {
    const london = await customerDueOn('2026-03-10');
    const auckland = await customerDueOn('2026-03-10', 'Pacific/Auckland');

    // Midday UTC on the due date: London is still on the 10th, Auckland already on the 11th.
    await refreshFiguresForAllOrganisations({ db: tdb.db, now: () => new Date('2026-03-10T12:00:00Z') });
    expect(await london.read()).toMatchObject({ standing: 'in_good_standing', amountOverdue: 0, nInvoices: 0, dueDate: null });
    expect(await auckland.read()).toMatchObject({ standing: 'single_missed', amountOverdue: 50_000, nInvoices: 1, dueDate: '2026-03-10' });

    await refreshFiguresForAllOrganisations({ db: tdb.db, now: () => new Date('2026-03-11T12:00:00Z') });
    expect(await london.read()).toMatchObject({ standing: 'single_missed', amountOverdue: 50_000, nInvoices: 1, dueDate: '2026-03-10' });
  });

  it('runs in the worker through the job queue: scheduled hourly, and once at start to catch up (beside the daily key clean-up)', async () => {
    const stale = await customerDueOn('2026-05-01');
    const worker = await startTestWorker({ db: tdb.db, url: tdb.url, now: () => new Date('2026-05-02T09:00:00Z') });
    try {
      await expect.poll(async () => (await stale.read()).standing, { timeout: 20_000, interval: 250 }).toBe('single_missed');
      const schedules = await tdb.db.execute(sql`select name, cron from pgboss.schedule`);
      expect(schedules.rows).toContainEqual({ name: 'figures.refresh', cron: '5 * * * *' });
      expect(schedules.rows).toContainEqual({ name: 'idempotency.cleanup', cron: '17 3 * * *' });
      expect([figuresRefreshJob.schedule, idempotencyCleanupJob.schedule]).toEqual(['5 * * * *', '17 3 * * *']);
    } finally {
      await worker.stop();
    }
  });

  it('stays off the hourly clock with FIGURES_REFRESH_HOURLY=0, even where an earlier start put it, and still runs as the worker starts', async () => {
    const first = await startTestWorker({ db: tdb.db, url: tdb.url });
    await first.stop();
    const hourly = sql`select count(*)::int as n from pgboss.schedule where name = 'figures.refresh'`;
    expect((await tdb.db.execute<{ n: number }>(hourly)).rows[0]?.n).toBe(1);
    const stale = await customerDueOn('2026-06-01');
    const worker = await startTestWorker({ db: tdb.db, url: tdb.url, now: () => new Date('2026-06-02T09:00:00Z'), env: { FIGURES_REFRESH_HOURLY: '0' } });
    try {
      await expect.poll(async () => (await stale.read()).standing, { timeout: 20_000, interval: 250 }).toBe('single_missed');
      expect((await tdb.db.execute<{ n: number }>(hourly)).rows[0]?.n).toBe(0);
      const schedules = await tdb.db.execute(sql`select name from pgboss.schedule`);
      expect(schedules.rows).toContainEqual({ name: 'idempotency.cleanup' });
    } finally {
      await worker.stop();
    }
  });

  it('sends the scheduler\'s pass after each refresh: a worker that starts plans the emails of a customer that fell overdue while it was down', async () => {
    const org = await chasingOrganisation(tdb.db, { timezone: 'Europe/London' });
    const c = await insertCustomer(tdb.db, org.id, { name: 'Fell overdue meanwhile' });
    await insertContact(tdb.db, org.id, c.id, { role: 'primary', email: 'ap@meanwhile.example' });
    await insertInvoice(tdb.db, org.id, c.id, { amountDue: 9_000, dueDate: '2026-05-01', issuedOn: '2026-04-01' });
    const now = new Date('2026-05-04T08:00:00Z'); // Monday, 09:00 in London
    const worker = await startTestWorker({ db: tdb.db, url: tdb.url, now: () => now });
    try {
      await expect.poll(async () => (await readEvents(tdb.db, org.id, c.id)).length, { timeout: 20_000, interval: 250 }).toBeGreaterThan(0);
      const [first] = await readEvents(tdb.db, org.id, c.id);
      // Fell overdue while the worker was down: the first step's day (a day after the due date) has
      // come, so it goes at once, at the worker's clock (decision 0036); the dry-run sender may already
      // have drafted it.
      expect(first).toMatchObject({ scheduledFor: '2026-05-04T08:00:00.000Z', to: [{ name: null, email: 'ap@meanwhile.example' }] });
      expect(['pending', 'draft_success']).toContain(first?.status);
      // Chained, not a cron of its own.
      const schedules = await tdb.db.execute(sql`select name from pgboss.schedule`);
      expect(schedules.rows).not.toContainEqual({ name: 'chasing.schedule' });
    } finally {
      await worker.stop();
    }
  });
});
