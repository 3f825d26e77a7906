// "Pause every matching customer" over BENCH_BULK_CUSTOMERS customers (default 100,000) through the
// real use cases on a real PostgreSQL (decision 0008): the request (check the action, keep the
// matches' ids), then the background job that applies it batch by batch with audit entries and
// reconciliation. Measured against a baseline in the same run, on an organisation with the same
// book: one hand-written set-based UPDATE pausing the same customers, the least any pause must
// write (no audit, no chasing reconciled). Prints the times and the ratio job / baseline, and fails
// unless every customer ends paused with one audit entry each. (Before it was a job, the same work
// ran as one transaction in the request; decision 0008 has the two measured side by side.)
//
// The two organisations' books are seeded once and kept (support/seeded-copy.ts); each run
// measures on a fresh copy, as every run pauses everyone.
//
//   npm run bench -- bulk                         (.data/bench-pg, or DATABASE_URL's server when set)
//   BENCH_BULK_CUSTOMERS=200 npm run bench -- bulk
import { performance } from 'node:perf_hooks';

import { type Database, insertOrganization, refreshCustomerFigures, withOrg } from '@receivables/server/testing';
import { sql } from 'drizzle-orm';

import { getCustomerBulkJob } from '../server/src/modules/customers/get-customer-bulk-job';
import { CUSTOMER_BULK_BATCH } from '../server/src/modules/customers/run-customer-bulk-job';
import { runOrganisationBulkJobs } from '../server/src/modules/customers/run-organisation-bulk-jobs';
import { startCustomerBulkJob } from '../server/src/modules/customers/start-customer-bulk-job';
import { createStarterWorkflow } from '../server/src/modules/workflows/create-starter-workflow';

import { openSeededCopy } from './support/seeded-copy';

const N = Number(process.env.BENCH_BULK_CUSTOMERS ?? 100_000);
const PAUSE = { type: 'pause', until: null } as const;
const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

interface Orgs {
  job: string;
  base: string;
}

const t0 = performance.now();
const copy = await openSeededCopy<Orgs>(`bench_bulk_${N}`, { version: 1, seed: seedOrganisations });
const database = copy.database;
console.log(`2 × ${N} customers ready in ${seconds(performance.now() - t0)}`);
try {
  const { job: jobOrg, base: baseOrg } = copy.seeded;
  // The job: the request's part (what the person waits for before the progress bar), then the worker's.
  const log = { error: (message: string, error?: unknown) => console.error(message, error) };
  const tr = performance.now();
  const accepted = await startCustomerBulkJob({ db: database.db, orgId: jobOrg, actorId: null }, { matching: {}, action: PAUSE });
  const request = performance.now() - tr;
  const tj = performance.now();
  await runOrganisationBulkJobs({ db: database.db, log }, jobOrg);
  const job = performance.now() - tj;
  const done = await getCustomerBulkJob({ db: database.db, orgId: jobOrg }, accepted.id);
  if (done.status !== 'succeeded' || done.updated !== N) throw new Error(`job ended ${done.status} with ${done.updated} of ${N} updated: ${done.error}`);

  const tb = performance.now();
  await withOrg(database.db, baseOrg, (tx) =>
    tx.execute(sql`
      update customer set standing = 'paused', standing_since = now(), paused_until = null, updated_at = now()
      where org_id = ${baseOrg} and standing <> 'paused'`));
  const baseline = performance.now() - tb;

  for (const org of [jobOrg, baseOrg]) await expectAllPaused(org, org === baseOrg ? 0 : N);
  const batches = Math.ceil(N / CUSTOMER_BULK_BATCH);
  const row = (label: string, value: string): void => console.log(`  ${label.padEnd(42)} ${value}`);
  console.log(`\npause every one of ${N} matching customers`);
  row(`request (check, keep the ${N} ids)`, seconds(request));
  row(`job (${batches} batches of ${CUSTOMER_BULK_BATCH})`, `${seconds(job)}  (${(job / batches).toFixed(0)} ms a batch)`);
  row('baseline (one set-based UPDATE)', seconds(baseline));
  row('ratio (request + job) / baseline', ((request + job) / baseline).toFixed(1));
} finally {
  await copy.drop();
}

/** Every customer paused; `audits` audit entries of a pause. */
async function expectAllPaused(orgId: string, audits: number): Promise<void> {
  const { rows } = await database.pool.query<{ left: number; audits: number }>(
    `select (select count(*)::int from customer where org_id = $1 and standing <> 'paused') as left,
            (select count(*)::int from audit_log where org_id = $1 and action = 'customer.pause') as audits`,
    [orgId],
  );
  const [row] = rows;
  if (row?.left !== 0 || row.audits !== audits) throw new Error(`${orgId}: ${row?.left} not paused, ${row?.audits} audit entries (wanted ${audits})`);
}

/** The two organisations, each with the same book; their ids. */
async function seedOrganisations(seeding: Database): Promise<Orgs> {
  const [job, base] = await Promise.all(['Job', 'Baseline'].map((name) => insertOrganization(seeding.db, { name: `${name} Ltd` })));
  if (!job || !base) throw new Error('organisations not created');
  for (const org of [job, base]) await populate(seeding, org.id, N);
  return { job: job.id, base: base.id };
}

/** Customers with a primary contact, one to three invoices (some overdue), their figures, and the starter workflow. */
async function populate(seeding: Database, orgId: string, n: number): Promise<void> {
  const { db } = seeding;
  await withOrg(db, orgId, (tx) => createStarterWorkflow(tx, orgId));
  await db.execute(sql`
    insert into customer (org_id, name, currency)
    select ${orgId}, 'Customer ' || g, (array['GBP','GBP','EUR'])[1 + g % 3] from generate_series(1, ${n}) g`);
  await db.execute(sql`
    insert into contact (org_id, customer_id, email, role)
    select org_id, id, 'ap' || row_number() over () || '@example.com', 'primary' from customer where org_id = ${orgId}`);
  await db.execute(sql`
    insert into invoice (org_id, customer_id, number, currency, amount_due, amount_paid, amount_remaining, issued_on, due_date, status)
    select c.org_id, c.id, 'INV-' || k || '-' || c.id, c.currency, a, 0, a, current_date - (d + 30), current_date - d, 'open'
    from customer c
    cross join lateral (select k, (abs(hashtext(c.id::text || k)) % 500000) + 1000 as a, (abs(hashtext(k || c.id::text)) % 120) - 60 as d
                        from generate_series(1, 1 + abs(hashtext(c.id::text)) % 3) k) inv
    where c.org_id = ${orgId}`);
  await refreshCustomerFigures(db, orgId);
}
