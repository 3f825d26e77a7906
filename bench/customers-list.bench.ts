// Customer list on a 100,000-customer organisation: the queries Home and the Customers screen
// make, timed through the real use case (findCustomers) on a real PostgreSQL, against a baseline
// measured in the same run: the same statements with index scans switched off, i.e. what the
// query costs without the indexes it was written for. Prints p50 per query and the ratio
// indexed / baseline (lower is better), and fails unless each plan picks its page by index.
//
//   npm run bench                       (embedded PostgreSQL, or DATABASE_URL when set)
//   BENCH_CUSTOMERS=20000 npm run bench
import { performance } from 'node:perf_hooks';

import { customerListQuerySchema, type CustomerListQueryInput } from '@receivables/contracts';
import {
  createDatabase,
  createTestDatabase,
  insertOrganization,
  refreshCustomerFigures,
  startAdminDatabase,
} from '@receivables/server/testing';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';


import { customerListSql } from '../server/src/modules/customers/customer-query';
import { findCustomers, toCustomerQuery } from '../server/src/modules/customers/find-customers';

import { p50 } from './support/p50';

const N = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

const admin = await startAdminDatabase();
const database = await createTestDatabase(admin.adminUrl);
try {
  const org = await insertOrganization(database.db, { name: 'Bench Ltd' });
  const other = await insertOrganization(database.db, { name: 'Other Ltd' });
  const t0 = performance.now();
  for (const o of [org.id, other.id]) await populate(o, o === org.id ? N : Math.round(N / 10));
  console.log(`populated ${N} customers (+${Math.round(N / 10)} in another org) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const tr = performance.now();
  await refreshCustomerFigures(database.db, org.id);
  console.log(`refresh_customer_figures over ${N} customers: ${(performance.now() - tr).toFixed(0)} ms`);
  await database.pool.query('analyze');

  const tagId = (await database.pool.query<{ id: string }>('select id from tag where org_id = $1 order by name limit 1', [org.id])).rows[0]?.id;
  const cases: [string, CustomerListQueryInput][] = [
    // Home ranks within one currency at a time (decision 0013).
    ['home top debtors', { limit: 5, sort_field: 'amount_overdue', sort_order: 'desc', filter_str: '[{"field":"amount_overdue","operator":"gt","value":0},{"field":"currency","operator":"eq","value":"GBP"}]' }],
    ['default sort, first page', {}],
    ['sort by amount, page 100', { sort_field: 'amount_overdue', sort_order: 'desc', offset: 4950 }],
    ['tag filter', { filter_str: JSON.stringify([{ field: 'tag_id', operator: 'eq', value: tagId }]) }],
    ['search q', { q: 'harbour' }],
  ];

  // One connection per side, so the session settings below apply to every statement it runs.
  const indexed = createDatabase(database.url, { max: 1 });
  const baseline = createDatabase(database.url, { max: 1 });
  await baseline.pool.query('set enable_indexscan = off; set enable_bitmapscan = off; set enable_indexonlyscan = off');

  console.log(`\n${'query'.padEnd(28)} ${'p50 ms'.padStart(8)} ${'baseline'.padStart(9)} ${'ratio'.padStart(7)}`);
  for (const [name, input] of cases) {
    const query = customerListQuerySchema.parse(input);
    const run = (db: typeof indexed.db) => findCustomers({ db, orgId: org.id }, query);
    const result = await run(indexed.db);
    const base = await run(baseline.db);
    if (JSON.stringify(result) !== JSON.stringify(base)) throw new Error(`${name}: indexed and baseline answers differ`);
    const a = await p50(RUNS, () => run(indexed.db));
    const b = await p50(RUNS, () => run(baseline.db));
    const indexes = await pageIndexes(indexed, toCustomerQuery(org.id, query));
    console.log(`${name.padEnd(28)} ${a.toFixed(2).padStart(8)} ${b.toFixed(2).padStart(9)} ${(a / b).toFixed(3).padStart(7)}  (${result.total} matches; plan uses ${indexes.join(', ') || 'NO INDEX'})`);
    if (indexes.length === 0) process.exitCode = 1;
  }
  await indexed.close();
  await baseline.close();
} finally {
  await database.drop();
  await admin.stop();
}

/** The customer and contact indexes the list statement's plan uses from the page CTE on. */
async function pageIndexes(db: { pool: typeof database.pool }, q: Parameters<typeof customerListSql>[0]): Promise<string[]> {
  const client = await db.pool.connect();
  try {
    const query = new PgDialect().sqlToQuery(customerListSql(q));
    const plan = await client.query<{ 'QUERY PLAN': string }>(`explain ${query.sql}`, query.params);
    const lines = plan.rows.map((r) => r['QUERY PLAN']);
    const page = lines.slice(lines.findIndex((l) => l.includes('CTE page')));
    const names = page.join('\n').match(/(?:Index|Index Only|Bitmap Index) Scan(?: Backward)? (?:using|on) (\w+)/g) ?? [];
    return [...new Set(names.map((n) => n.split(' ').pop() ?? ''))].filter((n) => n.startsWith('customer') || n.startsWith('contact'));
  } finally {
    client.release();
  }
}


/** Bulk-load customers, primary contacts, tags and invoices with set-based SQL. */
async function populate(orgId: string, n: number): Promise<void> {
  await database.db.execute(sql`
    insert into tag (org_id, name) select ${orgId}, 'tag ' || g from generate_series(1, 20) g`);
  await database.db.execute(sql`
    insert into customer (org_id, name, currency, last_chase_at)
    select ${orgId},
           (array['Harbour','Northwind','Kestrel','Atlas','Meridian','Beacon','Summit','Willow'])[1 + g % 8]
             || ' ' || (array['Traders','Logistics','Bakery','Foods','Studio','Partners'])[1 + (g / 8) % 6] || ' ' || g,
           (array['GBP','GBP','GBP','EUR','USD'])[1 + g % 5],
           case when g % 3 = 0 then null else now() - (g % 90) * interval '1 day' end
    from generate_series(1, ${n}) g`);
  await database.db.execute(sql`
    insert into contact (org_id, customer_id, email, role)
    select org_id, id, 'ap' || row_number() over () || '@example.com', 'primary' from customer where org_id = ${orgId}`);
  await database.db.execute(sql`
    insert into customer_tag (org_id, customer_id, tag_id)
    select c.org_id, c.id, t.id from customer c
    join lateral (select id from tag where org_id = c.org_id order by name offset (abs(hashtext(c.id::text)) % 20) limit 1) t on true
    where c.org_id = ${orgId}`);
  await database.db.execute(sql`
    insert into invoice (org_id, customer_id, number, currency, amount_due, amount_paid, amount_remaining, issued_on, due_date, status)
    select c.org_id, c.id, 'INV-' || k || '-' || c.id, c.currency, a, 0, a,
           current_date - (d + 30), current_date - d, 'open'
    from customer c
    cross join lateral (select k, (abs(hashtext(c.id::text || k)) % 500000) + 1000 as a,
                               (abs(hashtext(k || c.id::text)) % 150) - 40 as d
                        from generate_series(1, 1 + abs(hashtext(c.id::text)) % 4) k) inv
    where c.org_id = ${orgId}`);
}
