import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';

import { REPO_ROOT } from '../src/config';
import { type FiguresPassResult, refreshOrganisationFigures } from '../src/modules/customers/refresh-organisation-figures';
import type { ReconcileSummary } from '../src/modules/scheduling/reconcile-customers';

import { chasingOrganisation, hourlyPass } from './scheduling-helpers';
import { createTestDatabase, insertContact, insertCustomers, insertInvoices, type TestDatabase, withOrg } from './support';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase(inject('adminDatabaseUrl'));
});
afterAll(() => tdb.drop());

const CUSTOMERS = 60;

/**
 * The hours the two workers pass at: the first after the invoices fell due (every customer starts
 * being chased), later that morning, the day a third of them miss a second invoice (their single
 * steps superseded, multiple ones planned), and weekly after, as steps come within the horizon.
 */
const CLOCKS = ['2026-06-01T07:00:00Z', '2026-06-01T10:00:00Z', '2026-06-06T07:00:00Z', '2026-06-09T10:00:00Z', '2026-06-16T10:00:00Z', '2026-06-23T10:00:00Z'];

/** A book of customers owing since the end of May, every third with a second invoice due 5 June, half with an escalation contact. */
async function owingBook(): Promise<string> {
  const org = await chasingOrganisation(tdb.db, { timezone: 'Europe/London', weeklyCap: 3 });
  const customers = await insertCustomers(tdb.db, org.id, Array.from({ length: CUSTOMERS }, (_, i) => ({ name: `Owing ${String(i).padStart(2, '0')}` })));
  for (const [i, c] of customers.entries()) {
    await insertContact(tdb.db, org.id, c.id, { role: 'primary', email: `ap${i}@owing.example` });
    if (i % 2 === 0) await insertContact(tdb.db, org.id, c.id, { role: 'escalation', email: `boss${i}@owing.example` });
    const invoices = [{ number: `A-${i}`, amountDue: 10_000 + i, issuedOn: '2026-04-01', dueDate: '2026-05-31' }];
    if (i % 3 === 0) invoices.push({ number: `B-${i}`, amountDue: 20_000 + i, issuedOn: '2026-04-01', dueDate: '2026-06-05' });
    await insertInvoices(tdb.db, org.id, c.id, invoices);
  }
  return org.id;
}

interface SchedulerProcess {
  /** Run one pass at `at`; its summary (a ReconcileSummary, or a FiguresPassResult). */
  pass: <T>(kind: 'schedule' | 'figures', at: string) => Promise<T>;
  stop: () => Promise<number | null>;
}

/** The worker's hourly pass as a process of its own (support/scheduler-process.ts), connected and waiting. */
async function startSchedulerProcess(orgId: string): Promise<SchedulerProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', resolve(REPO_ROOT, 'server/test/support/scheduler-process.ts')], {
    cwd: REPO_ROOT,
    // Small chunks: the two passes take the same customers' locks in turn, chunk by chunk.
    env: { ...process.env, DATABASE_URL: tdb.url, ORG_ID: orgId, CHUNK: '7' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolveExit) => child.on('exit', (code) => resolveExit(code)));
  const waiting: ((line: string) => void)[] = [];
  if (!child.stdout) throw new Error('no stdout');
  createInterface({ input: child.stdout }).on('line', (line) => waiting.shift()?.(line));
  const nextLine = () =>
    Promise.race([
      new Promise<string>((r) => waiting.push(r)),
      exited.then((code) => Promise.reject(new Error(`scheduler process exited (${code}): ${stderr}`))),
    ]);
  expect(await nextLine()).toBe('ready');
  return {
    pass: async <T>(kind: 'schedule' | 'figures', at: string) => {
      const answer = nextLine();
      child.stdin?.write(`${kind} ${at}\n`);
      const line = await answer;
      if (!line.startsWith('done ')) throw new Error(`unexpected answer: ${line} ${stderr}`);
      return JSON.parse(line.slice(5)) as T;
    },
    stop: () => {
      child.stdin?.end();
      return exited;
    },
  };
}

/**
 * An organisation's events as two organisations with the same book can be compared: by customer
 * name and workflow step, with when each was planned for, its status and its whole history.
 */
async function comparableEvents(orgId: string) {
  const { rows } = await withOrg(tdb.db, orgId, (tx) =>
    tx.execute<{ customer: string; step: string; due_day: string; scheduled_for: string; status: string; reason: string | null; history: string }>(sql`
      select c.name as customer, wa.standing || ' ' || wa.delay_days as step, e.due_day::text as due_day,
        to_char(e.scheduled_for at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as scheduled_for, e.status, e.status_reason as reason,
        (select string_agg(h.status || coalesce(':' || h.reason, '') || '@' || to_char(h.at at time zone 'UTC', 'MM-DD"T"HH24:MI'), ' ' order by h.at, h.id)
          from event_status_change h where h.event_id = e.id) as history
      from event e join customer c on c.id = e.customer_id left join workflow_action wa on wa.id = e.workflow_action_id
      where e.org_id = ${orgId}
      order by 1, 2, 3, 4`));
  return rows;
}

async function transitions(orgId: string) {
  const { rows } = await withOrg(tdb.db, orgId, (tx) =>
    tx.execute<{ customer: string; reason: string; at: string }>(sql`
      select c.name as customer, t.reason, to_char(t.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as at
      from standing_transition t join customer c on c.id = t.customer_id where t.org_id = ${orgId} order by 1, 3, 2`));
  return rows;
}

async function duplicates(orgId: string) {
  const { rows } = await withOrg(tdb.db, orgId, (tx) =>
    tx.execute<{ events: number; keys: number; doubled_changes: number }>(sql`
      select (select count(*)::int from event where org_id = ${orgId}) as events,
        (select count(distinct dedupe_key)::int from event where org_id = ${orgId}) as keys,
        (select count(*)::int from (select 1 from event_status_change where org_id = ${orgId} group by event_id, status having count(*) > 1) d) as doubled_changes`));
  return rows[0];
}

/** Two scheduler processes on one organisation; stopped (and their exit codes checked) after `work`. */
async function withTwoProcesses(orgId: string, work: (workers: SchedulerProcess[]) => Promise<void>): Promise<void> {
  const workers = await Promise.all([startSchedulerProcess(orgId), startSchedulerProcess(orgId)]);
  try {
    await work(workers);
  } finally {
    expect(await Promise.all(workers.map((w) => w.stop()))).toEqual([0, 0]);
  }
}

// Each test starts two worker processes (each imports the app) and runs passes in them: seconds on an
// idle machine, far longer on a loaded 2-core one. The timeout catches a hang, not slowness.
const PROCESS_TEST = { timeout: 180_000 };

describe('the scheduler run by two worker processes at once', () => {
  it('plans, moves and supersedes exactly what one worker does on a copy of the book, and nothing twice', PROCESS_TEST, async () => {
    const [raced, alone] = [await owingBook(), await owingBook()];
    const summaries: ReconcileSummary[] = [];
    await withTwoProcesses(raced, async (workers) => {
      for (const at of CLOCKS) {
        // The hour's figures pass (one job, so one worker), then the scheduler's: both processes were
        // waiting, each gets its line at the same moment and runs the same pass at the same clock.
        await refreshOrganisationFigures(tdb.db, raced, { now: new Date(at) });
        summaries.push(...(await Promise.all(workers.map((w) => w.pass<ReconcileSummary>('schedule', at)))));
        await hourlyPass(tdb.db, alone, new Date(at));
      }
    });

    const [racedEvents, aloneEvents] = [await comparableEvents(raced), await comparableEvents(alone)];
    expect(racedEvents).toEqual(aloneEvents);
    expect(await transitions(raced)).toEqual(await transitions(alone));
    // The book's own shape, independently of the scheduler: every customer's first two single steps
    // (days 1 and 7) and the twenty multiple ones' first (day 7) are pending or were superseded by then.
    const customersWith = (step: string) => new Set(racedEvents.filter((e) => e.step === step).map((e) => e.customer)).size;
    expect([customersWith('single_missed 1'), customersWith('single_missed 7'), customersWith('multiple_missed 7')]).toEqual([CUSTOMERS, CUSTOMERS, CUSTOMERS / 3]);
    expect(racedEvents.filter((e) => e.status === 'superseded').length).toBeGreaterThan(0);
    expect(await duplicates(raced)).toEqual({ events: racedEvents.length, keys: racedEvents.length, doubled_changes: 0 });
    // What the two processes say they did adds up to what there is: nothing was done twice and counted once.
    const total = (key: keyof ReconcileSummary) => summaries.reduce((sum, s) => sum + s[key], 0);
    expect(total('created')).toBe(racedEvents.length);
    // (A step due with no one to write to is created superseded, no_recipient: counted as created only.)
    expect(total('superseded')).toBe(racedEvents.filter((e) => e.history.startsWith('pending') && e.status === 'superseded').length);
  });

  // It failed before migration 0028: each pass computed from a snapshot it did not lock, so the
  // second waited on the first's row locks, then wrote the same change again from its stale read
  // (100 to 160 transitions where there should be 80). Now the figures are computed under the lock.
  it('two figures passes at once record each change of standing once', PROCESS_TEST, async () => {
    const [raced, alone] = [await owingBook(), await owingBook()];
    await withTwoProcesses(raced, async (workers) => {
      for (const at of CLOCKS) {
        await Promise.all(workers.map((w) => w.pass<FiguresPassResult>('figures', at)));
        await refreshOrganisationFigures(tdb.db, alone, { now: new Date(at) });
      }
    });
    const moves = await transitions(raced);
    expect(moves).toEqual(await transitions(alone));
    // Each customer into chasing on 1 June, a third of them into multiple on 6 June.
    expect(moves.length).toBe(CUSTOMERS + CUSTOMERS / 3);
  });
});
