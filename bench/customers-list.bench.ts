// The reads of Home and the Customers screen at scale (decision 0029), over real HTTP with a real
// bearer token, each against a baseline measured in the same run: the very SQL the use case runs
// (the organisation's row-security settings, then the statement) sent straight through `pg`. The
// ratio API/raw says what the API layer adds; the raw figure says what the query costs.
//
// The book: BENCH_CUSTOMERS customers (default 100,000; `npm run bench -- --customers 1000000`) in
// one organisation beside three small ones, made by seedSyntheticBook from fixed numbers (the same
// book every run: ≈3 invoices each, four currencies, tags on 40 %, part-payments). The database is
// kept between runs (`bench_scale_<N>` on DATABASE_URL's server, else the embedded cluster in
// .data/bench-pg) and seeded again only when the book's recipe changes (SEED_VERSION).
//
// Then the throughput of Home's Top debtors under 50 connections (autocannon) against a bare
// Fastify route answering the same bytes: what authentication, row security and the query cost
// per request. Figures go to bench/results/latest.json.
//
//   npm run bench -- customers-list --customers 1000000
//   BENCH_RUNS=40 BENCH_LOAD_SECONDS=10 (defaults)
import { performance } from 'node:perf_hooks';

import {
  type CustomerListQuery,
  customerListQuerySchema,
  type CustomerListQueryInput,
  type CustomerListResponse,
  encodeCustomerCursor,
} from '@receivables/contracts';
import {
  adminQuery,
  apiClient,
  createDatabase,
  type Database,
  insertOrganization,
  okBody,
  runMigrations,
  seedSyntheticBook,
  signUpWithOrg,
  startTestServer,
} from '@receivables/server/testing';
import autocannon from 'autocannon';
import { type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import Fastify from 'fastify';
import pg from 'pg';

import { APP_ROLE } from '../server/src/db/client';
import { narrowByProbes } from '../server/src/modules/customers/customer-probes';
import { customerListSql } from '../server/src/modules/customers/customer-query';
import { findCustomers, toCustomerQuery } from '../server/src/modules/customers/find-customers';
import { overdueSummarySql } from '../server/src/modules/customers/get-overdue-summary';

import { openBenchDatabase, readSeedRecord, withIndexesDeferred } from './support/bench-database';
import { machine, percentile, recordResults } from './support/results';

const N = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
/** Bump when seedSyntheticBook or the seeding below changes what the book holds. */
const SEED_VERSION = 2;
const PASSWORD = 'correct-horse-battery-staple';

interface Seeded {
  org_id: string;
  email: string;
}

const store = await openBenchDatabase(`bench_scale_${N}`);
let database: Database | undefined;
try {
  // BENCH_FRESH=1 seeds again whatever is there (the smoke test, so the seeding itself is tried).
  const seeded = (process.env.BENCH_FRESH === '1' ? undefined : await readSeed(store.url)) ?? (await seed());
  database = createDatabase(store.url, { max: 20 });
  await runMigrations(database.db);
  await measure(database, seeded);
} finally {
  await database?.close();
  await store.stop();
}

/** The seeded book's organisation and sign-in, when this database holds the current recipe's book. */
async function readSeed(url: string): Promise<Seeded | undefined> {
  const found = await readSeedRecord<Seeded>(
    url,
    "select org_id, email from bench_seed where version = $1 and customers = $2 and to_regclass('customer') is not null",
    [SEED_VERSION, N],
  );
  if (found) console.log(`reusing the seeded book of ${N.toLocaleString('en')} customers`);
  return found;
}

async function seed(): Promise<Seeded> {
  const t0 = performance.now();
  const name = new URL(store.url).pathname.slice(1);
  await adminQuery(store.adminUrl, `drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
  await adminQuery(store.adminUrl, `create database ${pg.escapeIdentifier(name)}`);
  const setup = createDatabase(store.url, { max: 2 });
  let owner: Awaited<ReturnType<typeof signUpWithOrg>>;
  const email = `scale-${N}@bench.example`;
  try {
    await runMigrations(setup.db);
    // The scale organisation is made the way a person makes one: signed up over HTTP.
    const server = await startTestServer(setup.db);
    owner = await signUpWithOrg(server, { email, password: PASSWORD, orgName: 'Scale Ltd' });
    await server.close();
    for (const [size, i] of [50, 500, 5000].map((s, k) => [Math.min(s, N), k] as const)) {
      const small = await insertOrganization(setup.db, { name: `Small ${i + 1} Ltd` });
      await seedSyntheticBook(setup.db, small.id, size);
    }
  } finally {
    await setup.close();
  }
  // Bulk load: no triggers or foreign-key checks row by row (the book is consistent by
  // construction, and seedSyntheticBook sets the search text itself), indexes built after.
  const quoted = pg.escapeIdentifier(name);
  await adminQuery(store.adminUrl, `alter database ${quoted} set session_replication_role = replica`);
  await adminQuery(store.adminUrl, `alter database ${quoted} set synchronous_commit = off`);
  await adminQuery(store.adminUrl, `alter database ${quoted} set maintenance_work_mem = '256MB'`);
  const seeding = createDatabase(store.url, { max: 2 });
  try {
    await withIndexesDeferred(seeding.pool, ['customer', 'contact', 'customer_tag', 'invoice', 'payment'], () => seedSyntheticBook(seeding.db, owner.orgId, N));
  } finally {
    await seeding.close();
    await adminQuery(store.adminUrl, `alter database ${quoted} reset all`);
  }
  const done = createDatabase(store.url, { max: 1 });
  try {
    await done.pool.query('vacuum analyze');
    await done.pool.query('create table bench_seed (version int, customers int, org_id uuid, email text, seeded_at timestamptz default now())');
    await done.pool.query('insert into bench_seed (version, customers, org_id, email) values ($1, $2, $3, $4)', [SEED_VERSION, N, owner.orgId, email]);
  } finally {
    await done.close();
  }
  console.log(`seeded ${N.toLocaleString('en')} customers (and three small organisations) in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  return { org_id: owner.orgId, email };
}

interface Case {
  name: string;
  /** The request, relative to /api. */
  path: string;
  /** The same read's SQL, as the use case sends it, statement by statement. */
  raw: (run: (statement: SQL) => Promise<pg.QueryResult>) => Promise<unknown>;
  /** The budget the issue sets for its p95, in ms. */
  goal: number;
}

async function measure(db: Database, seeded: Seeded): Promise<void> {
  const orgId = seeded.org_id;
  const server = await startTestServer(db.db);
  const raw = new pg.Pool({ connectionString: store.url, max: 1 });
  try {
    const session = apiClient(server);
    okBody(await session('POST', '/api/auth/sign-in/email', { email: seeded.email, password: PASSWORD }));
    const token = await session.mintToken();
    const get = async (path: string): Promise<string> => {
      const response = await fetch(`${server.baseUrl}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${text}`);
      return text;
    };
    const rawRead = async (steps: Case['raw']): Promise<void> => {
      const client = await raw.connect();
      try {
        await client.query('begin');
        await client.query("select set_config('app.org_id', $1, true), set_config('role', $2, true)", [orgId, APP_ROLE]);
        await steps((statement) => {
          const query = new PgDialect().sqlToQuery(statement);
          return client.query(query.sql, query.params);
        });
        await client.query('commit');
      } finally {
        client.release();
      }
    };

    const cases = await readCases(orgId, raw, get, (query) => findCustomers({ db: db.db, orgId }, query));
    const rows: Record<string, unknown>[] = [];
    console.log(`\n${'read'.padEnd(34)} ${'API p50'.padStart(8)} ${'p95'.padStart(7)} ${'raw p50'.padStart(8)} ${'p95'.padStart(7)} ${'API/raw'.padStart(8)}  goal`);
    for (const c of cases) {
      for (let i = 0; i < 3; i++) await Promise.all([get(c.path), rawRead(c.raw)]);
      const api: number[] = [];
      const bare: number[] = [];
      // Alternated, so a burst of load elsewhere on the machine falls on both sides alike.
      for (let i = 0; i < RUNS; i++) {
        let t = performance.now();
        await get(c.path);
        api.push(performance.now() - t);
        t = performance.now();
        await rawRead(c.raw);
        bare.push(performance.now() - t);
      }
      const figure = {
        read: c.name,
        api_p50: percentile(api, 50),
        api_p95: percentile(api, 95),
        raw_p50: percentile(bare, 50),
        raw_p95: percentile(bare, 95),
        goal_p95: c.goal,
      };
      const ratio = figure.api_p95 / figure.raw_p95;
      rows.push({ ...figure, ratio });
      const met = figure.api_p95 <= c.goal && ratio <= 1.5 ? 'met' : 'MISSED';
      console.log(
        `${c.name.padEnd(34)} ${ms(figure.api_p50, 8)} ${ms(figure.api_p95, 7)} ${ms(figure.raw_p50, 8)} ${ms(figure.raw_p95, 7)} ${ratio.toFixed(2).padStart(8)}  ≤ ${c.goal} ms ${met}`,
      );
    }

    const load = await throughput(server.baseUrl, token, cases[0]?.path ?? '/customers/', get);
    const version = (await raw.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]?.v ?? '?';
    recordResults('customers-list', { customers: N, runs: RUNS, machine: machine(version), reads: rows, top_debtors_under_load: load });
  } finally {
    await raw.end();
    await server.close();
  }
}

function ms(value: number, width: number): string {
  return value.toFixed(1).padStart(width);
}

/** Home's and the Customers screen's reads, with a deep cursor and search words taken from the book itself. */
async function readCases(
  orgId: string,
  raw: pg.Pool,
  get: (path: string) => Promise<string>,
  direct: (query: CustomerListQuery) => Promise<CustomerListResponse>,
): Promise<Case[]> {
  const tag = (await raw.query<{ id: string }>('select id from tag where org_id = $1 order by name limit 1', [orgId])).rows[0]?.id ?? '';
  const middle = Math.floor(N / 2);
  const deep = (
    await raw.query<{ id: string; due_date: string | null }>(
      'select id, due_date::text from customer where org_id = $1 order by due_date asc nulls last, id asc offset $2 limit 1',
      [orgId, middle],
    )
  ).rows[0];
  const after = deep ? encodeCustomerCursor({ sort_field: 'due_date', sort_order: 'asc', key: [deep.due_date], id: deep.id }) : undefined;
  // A rare word: one customer's own address.
  const rare = `ap${Math.max(1, Math.floor(N / 3))}@`;
  const list = (name: string, input: CustomerListQueryInput, goal = 25): Case => {
    const query = customerListQuerySchema.parse(input);
    const params = new URLSearchParams(Object.entries(input).map(([k, v]): [string, string] => [k, String(v)]));
    // The book's organisation bills in pounds: its currency leads the amount sort, as the API's does.
    const listed = toCustomerQuery(orgId, query, 'GBP');
    // A search or a standing or name filter is two statements: the probe, then the list read from what it found.
    const steps: Case['raw'] = async (run) => run(customerListSql(await narrowByProbes(listed, query, run)));
    return { name, path: `/customers/?${params.toString()}`, raw: steps, goal };
  };
  const filters = (f: unknown[]) => JSON.stringify(f);
  const cases: Case[] = [
    list('Home: top debtors (GBP)', {
      limit: 5,
      sort_field: 'amount_overdue',
      sort_order: 'desc',
      filter_str: filters([{ field: 'amount_overdue', operator: 'gt', value: 0 }, { field: 'currency', operator: 'eq', value: 'GBP' }]),
    }, 10),
    { name: 'Home: overdue summary', path: '/customers/overdue-summary', raw: (run) => run(overdueSummarySql(orgId, 'GBP')), goal: 25 },
    list('list: name A–Z', {}),
    list('list: amount overdue, largest', { sort_field: 'amount_overdue', sort_order: 'desc' }),
    list('list: oldest due date', { sort_field: 'due_date', sort_order: 'asc' }),
    list('list: last chased, latest', { sort_field: 'last_chase_at', sort_order: 'desc' }),
    list('list: invoices overdue, most', { sort_field: 'n_invoices', sort_order: 'desc' }),
    list('list: standing', { sort_field: 'standing', sort_order: 'asc' }),
    list('list: currency', { sort_field: 'currency', sort_order: 'asc' }),
    list('list: newest', { sort_field: 'created_at', sort_order: 'desc' }),
    list('list: page 101 (offset 5,000)', { offset: 5000 }),
    ...(after ? [list(`list: after a cursor ${middle.toLocaleString('en')} deep`, { sort_field: 'due_date', sort_order: 'asc', after })] : []),
    list('filter: a tag', { filter_str: filters([{ field: 'tag_id', operator: 'eq', value: tag }]) }),
    list('filter: two missed, by amount', {
      sort_field: 'amount_overdue',
      sort_order: 'desc',
      filter_str: filters([{ field: 'standing', operator: 'eq', value: 'multiple_missed' }]),
    }),
    list('filter: name contains "bakery"', { filter_str: filters([{ field: 'name', operator: 'contains', value: 'bakery' }]) }),
    // "bakery" ends a tenth of the names, spread through the name order; "harbour" opens a
    // twelfth of them, all together a third of the way down it: the walk's worst case.
    list('search: a common word', { q: 'bakery' }),
    list('search: a common word, names A–Z', { q: 'harbour' }),
    list('search: one address', { q: rare }),
    list('search: nothing matches', { q: 'zzqxj' }),
  ];
  // The API and the raw statement must agree before either is timed.
  for (const c of cases.filter((x) => x.path.startsWith('/customers/?'))) {
    const answer = JSON.parse(await get(c.path)) as CustomerListResponse;
    const input = Object.fromEntries(new URLSearchParams(c.path.split('?')[1]));
    const expected = await direct(customerListQuerySchema.parse(input));
    if (answer.total !== expected.total || answer.rows.length !== expected.rows.length) throw new Error(`${c.name}: the API and the use case disagree`);
  }
  return cases;
}

/** Requests per second for Top debtors with 50 connections, against a bare Fastify route answering the same bytes. */
async function throughput(baseUrl: string, token: string, path: string, get: (path: string) => Promise<string>) {
  const body = await get(path);
  const bare = Fastify({ logger: false });
  bare.get('/bare', (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  try {
    const address = bare.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const run = (url: string, headers: Record<string, string> = {}) =>
      autocannon({ url, connections: 50, duration: LOAD_SECONDS, headers });
    const api = await run(`${baseUrl}/api${path}`, { authorization: `Bearer ${token}` });
    const baseline = await run(`http://127.0.0.1:${port}/bare`);
    if (api.non2xx > 0 || api.errors > 0) throw new Error(`Top debtors under load: ${api.non2xx} non-2xx answers, ${api.errors} errors`);
    const figures = {
      connections: 50,
      seconds: LOAD_SECONDS,
      api_requests_per_second: api.requests.average,
      api_latency_p50_ms: api.latency.p50,
      api_latency_p99_ms: api.latency.p99,
      bare_requests_per_second: baseline.requests.average,
      ratio: api.requests.average / baseline.requests.average,
    };
    console.log(
      `\nTop debtors, 50 connections for ${LOAD_SECONDS} s: ${figures.api_requests_per_second.toFixed(0)} req/s (p50 ${figures.api_latency_p50_ms} ms, p99 ${figures.api_latency_p99_ms} ms)`
        + ` against ${figures.bare_requests_per_second.toFixed(0)} req/s for the same bytes from a bare route: ratio ${figures.ratio.toFixed(3)}`,
    );
    return figures;
  } finally {
    await bare.close();
  }
}
