import { randomUUID } from 'node:crypto';

import { sql } from 'drizzle-orm';

import type { IntegrationEnv } from '../integration-env';
import { type ApiClient, type ApiHeaders, seedSyntheticBook } from '../support';

import { checkAnswer, type Finding } from './answer-checks';
import type { SeededOrganisation } from './organisation-fixture';
import { timed } from './timed-call';

/** What the load found: how many requests, how fast, and what came back. */
export interface LoadOutcome {
  seconds: number;
  concurrency: number;
  requests: number;
  /** Milliseconds, over every request. */
  p50: number;
  p95: number;
  p99: number;
  max: number;
  byStatus: Record<string, number>;
  /** Per operation: how many and its p95, to see which one is slow. */
  byOperation: Record<string, { requests: number; p95: number }>;
  findings: Finding[];
}

/** What the operations draw on: the organisation's people and some of its records. */
export interface LoadBook {
  writer: ApiClient;
  reader: ApiClient;
  customers: { id: string; currency: string }[];
  tags: string[];
}

interface Operation {
  name: string;
  weight: number;
  request(book: LoadBook, pick: <T>(list: readonly T[]) => T): { api: ApiClient; method: string; path: string; body?: unknown };
}

const FILTERS = [
  [{ field: 'standing', operator: 'ne', value: 'in_good_standing' }],
  [{ field: 'currency', operator: 'in', value: ['GBP', 'EUR'] }],
  [{ field: 'amount_overdue', operator: 'gt', value: 0, currency: 'GBP' }],
  [{ field: 'name', operator: 'contains', value: 'bakery' }],
];

/**
 * The mix: about two reads in three, what the screens ask for most (the customer list in its
 * sorts, filters and searches, a customer and its timeline, the outbox, the summaries), and
 * writes a credit controller and an admin make all day.
 */
const OPERATIONS: readonly Operation[] = [
  { name: 'customer list', weight: 14, request: (b, pick) => ({ api: b.reader, method: 'GET', path: `/api/customers/?limit=50&sort_field=${pick(['name', 'amount_overdue', 'due_date', 'last_chase_at'])}&sort_order=${pick(['asc', 'desc'])}` }) },
  { name: 'customer list, filtered', weight: 8, request: (b, pick) => ({ api: b.reader, method: 'GET', path: `/api/customers/?filter_str=${encodeURIComponent(JSON.stringify(pick(FILTERS)))}` }) },
  { name: 'customer search', weight: 6, request: (b, pick) => ({ api: b.reader, method: 'GET', path: `/api/customers/?q=${pick(['harbour', 'atlas', 'motors', 'ap1'])}` }) },
  { name: 'customer', weight: 10, request: (b, pick) => ({ api: b.reader, method: 'GET', path: `/api/customers/${pick(b.customers).id}/` }) },
  { name: 'timeline', weight: 6, request: (b, pick) => ({ api: b.reader, method: 'GET', path: `/api/customers/${pick(b.customers).id}/timeline` }) },
  { name: 'invoices', weight: 5, request: (b, pick) => ({ api: b.reader, method: 'GET', path: `/api/invoices/?customer_id=${pick(b.customers).id}` }) },
  { name: 'outbox', weight: 5, request: (b) => ({ api: b.reader, method: 'GET', path: '/api/events/?tab=all' }) },
  { name: 'overdue summary', weight: 4, request: (b) => ({ api: b.reader, method: 'GET', path: '/api/customers/overdue-summary' }) },
  { name: 'organisation', weight: 3, request: (b) => ({ api: b.reader, method: 'GET', path: '/api/organisation/' }) },
  { name: 'audit', weight: 2, request: (b) => ({ api: b.writer, method: 'GET', path: '/api/audit/' }) },
  { name: 'create customer', weight: 5, request: (b, pick) => ({ api: b.writer, method: 'POST', path: '/api/customers/', body: { name: `Load ${randomUUID().slice(0, 8)}`, currency: pick(['GBP', 'EUR', 'USD']) } }) },
  { name: 'rename customer', weight: 5, request: (b, pick) => ({ api: b.writer, method: 'PUT', path: `/api/customers/${pick(b.customers).id}/`, body: { name: `Renamed ${randomUUID().slice(0, 8)}` } }) },
  { name: 'pause', weight: 3, request: (b, pick) => ({ api: b.reader, method: 'POST', path: `/api/customers/${pick(b.customers).id}/pause`, body: { until: null } }) },
  { name: 'resume', weight: 3, request: (b, pick) => ({ api: b.reader, method: 'POST', path: `/api/customers/${pick(b.customers).id}/resume` }) },
  { name: 'tags', weight: 4, request: (b, pick) => ({ api: b.reader, method: 'PUT', path: `/api/customers/${pick(b.customers).id}/tags`, body: { tags: [{ id: pick(b.tags) }] } }) },
  { name: 'contact', weight: 2, request: (b, pick) => ({ api: b.reader, method: 'POST', path: `/api/customers/${pick(b.customers).id}/contact`, body: { email: `load-${randomUUID().slice(0, 8)}@example.com`, role: 'escalation' } }) },
  {
    name: 'create invoice',
    weight: 5,
    request: (b, pick) => {
      const customer = pick(b.customers);
      const due = new Date(Date.now() + (Math.floor(Math.random() * 120) - 90) * 86_400_000).toISOString().slice(0, 10);
      return {
        api: b.writer,
        method: 'POST',
        path: '/api/invoices/',
        body: { customer_id: customer.id, number: `L-${randomUUID().slice(0, 12)}`, currency: customer.currency, amount_due: 10_000 + Math.floor(Math.random() * 90_000), issued_on: due, due_date: due },
      };
    },
  },
  {
    name: 'payment',
    weight: 3,
    request: (b, pick) => {
      const customer = pick(b.customers);
      return { api: b.writer, method: 'POST', path: '/api/payments/', body: { customer_id: customer.id, amount: 500 + Math.floor(Math.random() * 5_000), currency: customer.currency } };
    },
  },
];

/** A book to load: `customers` made-up customers (with invoices, contacts, tags) in the organisation. */
export async function loadBook(env: IntegrationEnv, org: SeededOrganisation, customers: number): Promise<LoadBook> {
  const db = env.db.db;
  await seedSyntheticBook(db, org.orgId, customers);
  const rows = await db.execute<{ id: string; currency: string }>(sql`select id::text as id, currency from customer where org_id = ${org.orgId} order by id limit 500`);
  const tags = await db.execute<{ id: string }>(sql`select id::text as id from tag where org_id = ${org.orgId}`);
  return { writer: org.admin.api, reader: org.member.api, customers: rows.rows, tags: tags.rows.map((t) => t.id) };
}

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * `concurrency` clients, each sending the mix one request after another for `seconds`; `during`
 * runs alongside (a disturbance: a database restart, a killed worker) and is awaited at the end.
 * Every answer is checked like any other: no 5xx, the error shape, no echo.
 */
export async function runLoad(input: {
  book: LoadBook;
  seconds: number;
  concurrency: number;
  timeoutMs: number;
  during?: (elapsedMs: () => number) => Promise<void>;
}): Promise<LoadOutcome> {
  const { book, seconds, concurrency, timeoutMs } = input;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const totalWeight = OPERATIONS.reduce((sum, op) => sum + op.weight, 0);
  const latencies: number[] = [];
  const byOperation = new Map<string, number[]>();
  const byStatus: Record<string, number> = {};
  const findings: Finding[] = [];
  const pick = <T>(list: readonly T[]): T => {
    const item = list[Math.floor(Math.random() * list.length)];
    if (item === undefined) throw new Error('the load book has nothing to pick from');
    return item;
  };
  const draw = (): Operation => {
    let n = Math.random() * totalWeight;
    for (const op of OPERATIONS) {
      n -= op.weight;
      if (n < 0) return op;
    }
    return pick(OPERATIONS);
  };

  const client = async () => {
    while (performance.now() < deadline) {
      const op = draw();
      const { api, method, path, body } = op.request(book, pick);
      const headers: ApiHeaders = method === 'GET' ? {} : { 'idempotency-key': randomUUID() };
      const result = await timed(() => api(method, path, body, headers), timeoutMs);
      latencies.push(result.ms);
      const times = byOperation.get(op.name) ?? [];
      times.push(result.ms);
      byOperation.set(op.name, times);
      const request = `${op.name}: ${method} ${path}`;
      if (!result.answer) {
        byStatus.failed = (byStatus.failed ?? 0) + 1;
        findings.push({ kind: 'hang', request, status: 0, why: result.error });
        continue;
      }
      const status = String(result.answer.status);
      byStatus[status] = (byStatus[status] ?? 0) + 1;
      findings.push(...checkAnswer(result.answer, request, new Set()));
    }
  };
  const disturbance = input.during?.(() => performance.now() - started);
  await Promise.all(Array.from({ length: concurrency }, client));
  await disturbance;

  const sorted = [...latencies].sort((x, y) => x - y);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    seconds: round((performance.now() - started) / 1000),
    concurrency,
    requests: latencies.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1] ?? 0),
    byStatus,
    byOperation: Object.fromEntries(
      [...byOperation].map(([name, ms]) => [name, { requests: ms.length, p95: round(percentile([...ms].sort((x, y) => x - y), 95)) }]),
    ),
    findings,
  };
}
