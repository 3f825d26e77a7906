// The scheduler's pass (decision 0018) over an organisation of BENCH_SCHEDULE_CUSTOMERS customers
// (default 10,000; 10 % of them owing, on the starter workflow), through the real use case
// (scheduleOrganisation) on a real PostgreSQL. Prints the first pass (plans and renders every
// email due within 14 days) per chased customer and per email, then the hourly steady pass (nothing
// to change: every chased customer loaded, planned and compared) against a baseline measured in
// the same run: a hand-written set-based SQL statement finding which of the same customers' steps
// within 14 days have no event yet — the least any pass must read. The ratio (lower is better)
// is what planning in TypeScript, with the send calendar and the weekly cap, costs over that.
// Fails if the steady pass creates, moves or supersedes anything.
//
//   npm run bench -- scheduling            (embedded PostgreSQL, or DATABASE_URL when set)
//   BENCH_SCHEDULE_CUSTOMERS=1000000 npm run bench -- scheduling
import { performance } from 'node:perf_hooks';

import { createTestDatabase, insertOrganization, refreshCustomerFigures, startAdminDatabase, withOrg } from '@receivables/server/testing';
import { sql } from 'drizzle-orm';

import { scheduleOrganisation } from '../server/src/modules/scheduling/schedule-organisation';
import { createStarterWorkflow } from '../server/src/modules/workflows/create-starter-workflow';

import { p50 } from './support/p50';

const N = Number(process.env.BENCH_SCHEDULE_CUSTOMERS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const DAY = 86_400_000;

const admin = await startAdminDatabase();
const database = await createTestDatabase(admin.adminUrl);
try {
  const org = await insertOrganization(database.db, { name: 'Scheduling Bench Ltd' });
  await withOrg(database.db, org.id, (tx) => createStarterWorkflow(tx, org.id));
  const t0 = performance.now();
  await populate(org.id, N);
  // They fell behind three days ago; the pass runs now.
  const now = new Date();
  await refreshCustomerFigures(database.db, org.id, { now: new Date(now.getTime() - 3 * DAY) });
  await database.pool.query('analyze');
  const owing = await database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from customer where org_id = ${org.id} and standing in ('single_missed', 'multiple_missed')`,
  );
  const chased = owing.rows[0]?.n ?? 0;
  console.log(`populated ${N} customers (${chased} owing) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const tf = performance.now();
  const first = await scheduleOrganisation(database.db, org.id, now);
  const firstMs = performance.now() - tf;
  console.log(`first pass: ${(firstMs / 1000).toFixed(1)} s, ${first.created} emails planned — ${(firstMs / chased).toFixed(2)} ms per owing customer, ${(firstMs / Math.max(1, first.created)).toFixed(2)} ms per email`);

  await database.pool.query('analyze');
  const steady = await p50(RUNS, async () => {
    const s = await scheduleOrganisation(database.db, org.id, now);
    if (s.created + s.moved + s.superseded + s.revived > 0) {
      console.error(`the steady pass changed something: ${JSON.stringify(s)}`);
      process.exitCode = 1;
    }
  });
  const baseline = await p50(RUNS, () => missingSteps(org.id, now));
  console.log(`\n${'pass'.padEnd(14)} ${'p50 ms'.padStart(9)} ${'per 1k owing'.padStart(13)}`);
  console.log(`${'steady'.padEnd(14)} ${steady.toFixed(0).padStart(9)} ${((steady / chased) * 1000).toFixed(1).padStart(13)}`);
  console.log(`${'sql baseline'.padEnd(14)} ${baseline.toFixed(0).padStart(9)} ${((baseline / chased) * 1000).toFixed(1).padStart(13)}`);
  console.log(`ratio steady / baseline: ${(steady / baseline).toFixed(2)}`);
} finally {
  await database.drop();
  await admin.stop();
}

/** The baseline: which steps (delay only, no calendar) of the owing customers within 14 days have no event, in one statement. */
async function missingSteps(orgId: string, now: Date): Promise<number> {
  const result = await database.db.execute<{ n: number }>(sql`
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
  return result.rows[0]?.n ?? 0;
}


/** Customers with a primary contact (half an escalation one too); one in ten owes one or two invoices. */
async function populate(orgId: string, n: number): Promise<void> {
  await database.db.execute(sql`
    insert into customer (org_id, name, currency) select ${orgId}, 'Customer ' || g, 'GBP' from generate_series(1, ${n}) g`);
  await database.db.execute(sql`
    insert into contact (org_id, customer_id, email, role)
    select org_id, id, 'ap-' || id || '@example.com', 'primary' from customer where org_id = ${orgId}`);
  await database.db.execute(sql`
    insert into contact (org_id, customer_id, email, role)
    select org_id, id, 'boss-' || id || '@example.com', 'escalation' from customer where org_id = ${orgId} and abs(hashtext(id::text)) % 2 = 0`);
  await database.db.execute(sql`
    insert into invoice (org_id, customer_id, number, currency, amount_due, amount_paid, amount_remaining, issued_on, due_date, status)
    select c.org_id, c.id, 'INV-' || k || '-' || c.id, 'GBP', 50000 + k, 0, 50000 + k, current_date - 60, current_date - 10 - k, 'open'
    from customer c cross join lateral generate_series(1, 1 + abs(hashtext(c.id::text)) % 2) k
    where c.org_id = ${orgId} and abs(hashtext(c.id::text || 'owes')) % 10 = 0`);
}
