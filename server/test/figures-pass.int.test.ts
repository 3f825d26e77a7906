import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';

import { pauseCustomers, resumeCustomers } from '../src/modules/customers/bulk-customer-updates';
import { readFiguresAsOf, refreshOrganisationFigures } from '../src/modules/customers/refresh-organisation-figures';
import type { NewCustomer, NewInvoice } from '../src/seed/factories';
import { createRandom } from '../src/seed/prng';

import { createTestDatabase, insertCustomer, insertInvoice, insertOrganization, refreshCustomerFigures, type TestDatabase, withOrg } from './support';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase(inject('adminDatabaseUrl'));
});
afterAll(() => tdb.drop());

// The organisations are in Europe/London: at 07:00 UTC its today is the UTC date.
const TODAY = '2026-06-15';
const day = (offset: number, from = TODAY): string => new Date(Date.parse(`${from}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
const at = (d: string): Date => new Date(`${d}T07:00:00Z`);

async function customerWith(orgId: string, name: string, invoices: Partial<NewInvoice>[], values: Partial<NewCustomer> = {}) {
  const c = await insertCustomer(tdb.db, orgId, { name, ...values });
  for (const i of invoices) await insertInvoice(tdb.db, orgId, c.id, { amountDue: 10_000, dueDate: TODAY, ...i });
  return c;
}

type Stored = {
  name: string;
  amount_overdue: number;
  n_invoices: number;
  due_date: string | null;
  standing: string;
  standing_since: string;
  paused_until: string | null;
  updated_at: string;
};

/** Every customer's row as the pass may leave it, by name. */
async function stored(orgId: string): Promise<Map<string, Stored>> {
  const { rows } = await withOrg(tdb.db, orgId, (tx) =>
    tx.execute<Stored>(sql`
      select name, amount_overdue, n_invoices, due_date, standing, standing_since::text, paused_until, updated_at::text
      from customer where org_id = ${orgId} order by name`),
  );
  return new Map(rows.map((r) => [r.name, r]));
}

/**
 * The customers whose stored figures differ from a recomputation from scratch as of `today`: one
 * set-based statement over every invoice, written apart from refresh_customer_figures.
 */
async function differFromScratch(orgId: string, today: string): Promise<string[]> {
  const { rows } = await withOrg(tdb.db, orgId, (tx) =>
    tx.execute<{ name: string }>(sql`
      select c.name
      from customer c
      left join (
        select customer_id, sum(amount_remaining)::bigint as amount, count(*)::int as n, min(due_date) as due
        from invoice
        where org_id = ${orgId} and status = 'open' and amount_remaining > 0 and due_date < ${today}::date
        group by customer_id
      ) o on o.customer_id = c.id
      where c.org_id = ${orgId}
        and (c.amount_overdue, c.n_invoices, c.due_date, c.standing) is distinct from (
          coalesce(o.amount, 0), coalesce(o.n, 0), o.due,
          case
            when c.standing = 'paused' and (c.paused_until is null or c.paused_until > ${today}::date) then 'paused'
            when o.n is null then 'in_good_standing'
            when o.n = 1 then 'single_missed'
            else 'multiple_missed'
          end::standing)
      order by c.name`),
  );
  return rows.map((r) => r.name);
}

async function transitions(orgId: string): Promise<string[]> {
  const { rows } = await withOrg(tdb.db, orgId, (tx) =>
    tx.execute<{ line: string }>(sql`
      select c.name || ': ' || t."from" || ' → ' || t."to" || ' (' || t.reason || ') at ' || t.at::date as line
      from standing_transition t join customer c on c.id = t.customer_id
      where t.org_id = ${orgId} order by c.name, t.at, t.created_at`),
  );
  return rows.map((r) => r.line);
}

const asOf = (orgId: string) => withOrg(tdb.db, orgId, (tx) => readFiguresAsOf(tx, orgId));

describe('the daily figures pass', () => {
  it('on a normal day recomputes the customers whose invoice fell overdue or whose pause ended, and writes no other', async () => {
    const { id: orgId } = await insertOrganization(tdb.db);
    await customerWith(orgId, 'Crosses', [{ amountDue: 10_000, dueDate: day(-1) }]);
    await customerWith(orgId, 'Crosses, part-paid, already owing', [
      { amountDue: 9_000, amountPaid: 3_000, dueDate: day(-1) },
      { amountDue: 1_000, dueDate: day(-10) },
    ]);
    await customerWith(orgId, 'Crossed yesterday', [{ amountDue: 2_000, dueDate: day(-2) }]);
    await customerWith(orgId, 'Due today', [{ dueDate: TODAY }]);
    await customerWith(orgId, 'Long overdue', [{ amountDue: 3_000, dueDate: day(-40) }]);
    await customerWith(orgId, 'Paid on time', [{ amountDue: 4_000, amountPaid: 4_000, status: 'paid', dueDate: day(-1) }]);
    await customerWith(orgId, 'Voided', [{ amountDue: 4_000, status: 'void', dueDate: day(-1) }]);
    await customerWith(orgId, 'Pause ends today', [{ amountDue: 5_000, dueDate: day(-20) }], { standing: 'paused', pausedUntil: TODAY });
    await customerWith(orgId, 'Pause goes on', [{ amountDue: 5_000, dueDate: day(-20) }], { standing: 'paused', pausedUntil: day(1) });
    await customerWith(orgId, 'Paused, crosses', [{ amountDue: 6_000, dueDate: day(-1) }], { standing: 'paused', pausedUntil: day(5) });
    expect(await asOf(orgId)).toBeNull();
    await refreshOrganisationFigures(tdb.db, orgId, { now: at(day(-1)) });
    expect(await asOf(orgId)).toBe(day(-1));
    // Figures never computed and out of the window: the pass does not read this customer.
    await customerWith(orgId, 'Never computed, not in the window', [{ amountDue: 7_000, dueDate: day(-30) }]);
    const before = await stored(orgId);

    const result = await refreshOrganisationFigures(tdb.db, orgId, { now: at(TODAY) });

    // Read: the three that crossed and the pause that ended, and (the day's overlap) the one that crossed the day before.
    expect(result).toEqual({ mode: 'window', since: day(-1), asOf: TODAY, read: 5, changed: 4, batches: 1 });
    const after = await stored(orgId);
    const written = [...after].filter(([name, row]) => JSON.stringify(row) !== JSON.stringify(before.get(name))).map(([name]) => name);
    expect(written.sort()).toEqual(['Crosses', 'Crosses, part-paid, already owing', 'Pause ends today', 'Paused, crosses']);
    expect(after.get('Crosses')).toMatchObject({ amount_overdue: 10_000, n_invoices: 1, due_date: day(-1), standing: 'single_missed' });
    expect(after.get('Crosses, part-paid, already owing')).toMatchObject({
      amount_overdue: 7_000,
      n_invoices: 2,
      due_date: day(-10),
      standing: 'multiple_missed',
    });
    expect(after.get('Pause ends today')).toMatchObject({ amount_overdue: 5_000, standing: 'single_missed', paused_until: null });
    expect(after.get('Paused, crosses')).toMatchObject({ amount_overdue: 6_000, n_invoices: 1, standing: 'paused', paused_until: day(5) });
    expect(after.get('Never computed, not in the window')).toMatchObject({ amount_overdue: 0, standing: 'in_good_standing' });
    expect(await differFromScratch(orgId, TODAY)).toEqual(['Never computed, not in the window']);
    expect((await transitions(orgId)).filter((t) => t.endsWith(TODAY))).toEqual([
      `Crosses: in_good_standing → single_missed (days_passed) at ${TODAY}`,
      `Crosses, part-paid, already owing: single_missed → multiple_missed (to_multiple) at ${TODAY}`,
    ]);
    expect(await asOf(orgId)).toBe(TODAY);

    // The hours after: nothing to do, nothing written.
    const again = await refreshOrganisationFigures(tdb.db, orgId, { now: new Date(`${TODAY}T15:00:00Z`) });
    expect(again).toMatchObject({ mode: 'window', since: TODAY, changed: 0 });
    expect(await stored(orgId)).toEqual(after);
  });

  it('catches up after three missed days: every invoice due since the last pass, every pause that ran out meanwhile', async () => {
    const { id: orgId } = await insertOrganization(tdb.db);
    await customerWith(orgId, 'Overdue before', [{ dueDate: day(-4) }]);
    await customerWith(orgId, 'Due the day of the last pass', [{ dueDate: day(-3) }]);
    await customerWith(orgId, 'Due during the outage', [{ dueDate: day(-2) }, { dueDate: day(-1) }]);
    await customerWith(orgId, 'Due today', [{ dueDate: TODAY }]);
    await customerWith(orgId, 'Pause ran out meanwhile', [{ dueDate: day(-9) }], { standing: 'paused', pausedUntil: day(-1) });
    await refreshOrganisationFigures(tdb.db, orgId, { now: at(day(-3)) });
    expect(await differFromScratch(orgId, day(-3))).toEqual([]);
    expect((await stored(orgId)).get('Due the day of the last pass')).toMatchObject({ standing: 'in_good_standing' });

    const result = await refreshOrganisationFigures(tdb.db, orgId, { now: at(TODAY) });

    expect(result).toMatchObject({ mode: 'window', since: day(-3), asOf: TODAY, changed: 3 });
    expect(await differFromScratch(orgId, TODAY)).toEqual([]);
    const after = await stored(orgId);
    expect(after.get('Due the day of the last pass')).toMatchObject({ standing: 'single_missed', due_date: day(-3) });
    expect(after.get('Due during the outage')).toMatchObject({ standing: 'multiple_missed', n_invoices: 2, due_date: day(-2) });
    expect(after.get('Due today')).toMatchObject({ standing: 'in_good_standing' });
    expect(after.get('Pause ran out meanwhile')).toMatchObject({ standing: 'single_missed', paused_until: null });
    expect(await asOf(orgId)).toBe(TODAY);
  });

  it('recomputes every customer on a first pass with no record, and again when the day goes back', async () => {
    const { id: orgId } = await insertOrganization(tdb.db);
    // Figures as a bulk load might leave them: wrong everywhere.
    const wrong = { amountOverdue: 1, nInvoices: 9, dueDate: '2001-01-01', standing: 'multiple_missed' } as const;
    await customerWith(orgId, 'Owes', [{ amountDue: 1_500, dueDate: day(-1) }], wrong);
    await customerWith(orgId, 'Owes nothing yet', [{ dueDate: day(3) }], wrong);
    await customerWith(orgId, 'No invoices', [], wrong);
    await customerWith(orgId, 'Paused', [{ dueDate: day(-8) }], { ...wrong, standing: 'paused', pausedUntil: null });

    const first = await refreshOrganisationFigures(tdb.db, orgId, { now: at(TODAY) });

    expect(first).toEqual({ mode: 'full', since: null, asOf: TODAY, read: 4, changed: 4, batches: 2 });
    expect(await differFromScratch(orgId, TODAY)).toEqual([]);
    expect((await stored(orgId)).get('Paused')).toMatchObject({ standing: 'paused', amount_overdue: 10_000, n_invoices: 1 });

    // The organisation's time zone moved west across midnight (or a clock went back): its today is
    // before the record, and an invoice the last pass made overdue is not overdue yet.
    const back = await refreshOrganisationFigures(tdb.db, orgId, { now: at(day(-1)) });
    expect(back).toMatchObject({ mode: 'full', since: TODAY, asOf: day(-1), read: 4, changed: 1 });
    expect(await differFromScratch(orgId, day(-1))).toEqual([]);
    expect((await stored(orgId)).get('Owes')).toMatchObject({ standing: 'in_good_standing', amount_overdue: 0 });
    expect(await asOf(orgId)).toBe(day(-1));
  });

  it('gives in batches exactly what one call over the whole organisation gives: figures, standings, transitions', async () => {
    const book = async (name: string) => {
      const { id } = await insertOrganization(tdb.db, { name });
      const random = createRandom(18);
      for (let n = 0; n < 60; n++) {
        const invoices = Array.from({ length: random.int(0, 4) }, () => {
          const amountDue = random.int(1, 90) * 100;
          const status = random.pick(['open', 'open', 'open', 'paid', 'void'] as const);
          return { amountDue, status, dueDate: day(random.int(-30, 10)), amountPaid: status === 'paid' ? amountDue : random.chance(0.2) ? amountDue / 2 : 0 };
        });
        const paused = random.chance(0.1) ? { standing: 'paused' as const, pausedUntil: random.chance(0.5) ? null : day(random.int(-3, 3)) } : {};
        await customerWith(id, `Customer ${String(n).padStart(2, '0')}`, invoices, { standingSince: new Date('2026-01-01T00:00:00Z'), ...paused });
      }
      return id;
    };
    const batched = await book('Batched');
    const whole = await book('Whole');
    const sameRows = async () => {
      const strip = (rows: Map<string, Stored>) => [...rows].map(([name, { updated_at: _, ...row }]) => [name, row]);
      expect(strip(await stored(batched))).toEqual(strip(await stored(whole)));
      expect((await transitions(batched)).length).toBeGreaterThan(0);
      expect(await transitions(batched)).toEqual(await transitions(whole));
    };

    const full = await refreshOrganisationFigures(tdb.db, batched, { now: at(day(-2)), batch: 7 });
    await refreshCustomerFigures(tdb.db, whole, { now: at(day(-2)), today: day(-2) });
    expect(full).toMatchObject({ mode: 'full' });
    expect(full.batches).toBeGreaterThan(8);
    await sameRows();
    expect(await differFromScratch(batched, day(-2))).toEqual([]);

    const window = await refreshOrganisationFigures(tdb.db, batched, { now: at(TODAY), batch: 2 });
    await refreshCustomerFigures(tdb.db, whole, { now: at(TODAY), today: TODAY });
    expect(window).toMatchObject({ mode: 'window' });
    expect(window.batches).toBeGreaterThan(1);
    await sameRows();
    expect(await differFromScratch(batched, TODAY)).toEqual([]);
  });

  it('keeps every customer\'s figures equal to a recomputation from scratch, whatever the days and the writes between passes', async () => {
    const step = fc.record({
      // Mostly forward, sometimes a long gap, now and then back a day (a time zone moved).
      days: fc.constantFrom(0, 1, 1, 1, 2, 3, 7, -1),
      writes: fc.array(
        fc.record({
          kind: fc.constantFrom('invoice', 'invoice', 'pay', 'pause', 'resume'),
          customer: fc.nat(7),
          due: fc.integer({ min: -6, max: 6 }),
          amount: fc.integer({ min: 1, max: 50 }),
        }),
        { maxLength: 4 },
      ),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 2, maxLength: 7 }), async (steps) => {
        const { id: orgId } = await insertOrganization(tdb.db);
        const customers = await Promise.all(
          Array.from({ length: 8 }, (_, n) => customerWith(orgId, `C${n}`, n % 3 === 0 ? [] : [{ dueDate: day(n - 4), amountDue: 100 * n }])),
        );
        let today = TODAY;
        for (const { days, writes } of steps) {
          today = day(days, today);
          // The writers, as they run: each refreshes the customers it touched, as of the day it runs.
          for (const w of writes) {
            const c = customers[w.customer]?.id ?? '';
            if (w.kind === 'invoice') await insertInvoice(tdb.db, orgId, c, { amountDue: w.amount * 100, dueDate: day(w.due, today) });
            if (w.kind === 'pay') {
              await withOrg(tdb.db, orgId, (tx) => tx.execute(sql`
                update invoice set status = 'paid', amount_paid = amount_due, amount_remaining = 0, updated_at = now()
                where org_id = ${orgId} and customer_id = ${c} and status = 'open'`));
            }
            if (w.kind === 'pause') await withOrg(tdb.db, orgId, (tx) => pauseCustomers(tx, orgId, [c], day(Math.abs(w.due) % 4, today)));
            if (w.kind === 'resume') await withOrg(tdb.db, orgId, (tx) => resumeCustomers(tx, orgId, [c], today));
            if (w.kind !== 'pause' && w.kind !== 'resume') await refreshCustomerFigures(tdb.db, orgId, { customerIds: [c], today, now: at(today) });
          }
          await refreshOrganisationFigures(tdb.db, orgId, { now: at(today), batch: 3 });
          expect(await differFromScratch(orgId, today)).toEqual([]);
        }
      }),
      { numRuns: 12 },
    );
  });
});
