import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import type { Pool } from 'pg';

import { REPO_ROOT } from '../../src/config';
import { ABANDONED_AFTER_MS } from '../../src/db/abandoned-clients';
import type { IntegrationEnv } from '../integration-env';
import {
  apiClient,
  createTestDatabase,
  signUpWithOrg,
  startEmbeddedPostgres,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from '../support';

import { checkAcknowledgedWrites } from './acknowledged-writes';
import type { Finding } from './answer-checks';
import type { ExtensionContext, ExtensionResult, ResilienceExtension } from './extension-points';
import { loadBook } from './mixed-load';
import { seedOrganisation } from './organisation-fixture';
import { countByAnswer, judgeCall, latencies, type OutageTimeline, phaseOf, readTimeline, secondsFrom } from './outage-timeline';
import { type RecordedCall, recordingClient } from './recording-client';

/**
 * PostgreSQL killed under the mixed load (decision 0033): the postmaster SIGKILLed a few seconds
 * in, as a crash or the OOM killer would, and the supervisor left to start it again as it does in
 * the app, at its own pace. The load runs on long after, and the clients' own record says what
 * the outage looked like, whether every answer while it lasted was the promised 503, whether any
 * 5xx came once it was over, and whether every write they were told succeeded is still there.
 *
 * It runs on a cluster of its own, never the suite's: `adminDatabaseUrl` may be a server other
 * tests (or the machine itself) are using.
 */

/** Long enough for the supervisor's slowest few restarts (1, 2, 5, 10 s apart) and then a good while of recovered load. */
const LOAD_SECONDS = 60;
/** Time for the load to reach its pace (pools full, keep-alive sockets open) before the kill. */
const KILL_AFTER_MS = 5_000;
/** Customers in the book: enough that the writes spread over many rows, quick to seed. */
const CUSTOMERS = 1_000;
/** What "well after recovery" is: less recovered load than this says nothing about it. */
const MIN_RECOVERED_MS = 20_000;

export const databaseKillExtension: ResilienceExtension = {
  async run(context) {
    const dedicated = await startDedicatedApp();
    try {
      return await killUnderLoad(context, dedicated);
    } finally {
      await dedicated.stop();
    }
  },
};

interface DedicatedApp {
  env: IntegrationEnv;
  dataDir: string;
  /** What the supervisor said, and when (`performance.now()`). */
  supervisor: { at: number; message: string }[];
  stop(): Promise<void>;
}

/** A supervised embedded cluster, a migrated database on it and a server over that, as the app runs its own (main.ts). */
async function startDedicatedApp(): Promise<DedicatedApp> {
  const dataDir = resolve(REPO_ROOT, '.data', `test-resilience-kill-${process.pid}`);
  const supervisor: DedicatedApp['supervisor'] = [];
  // The supervisor's own interval (2 s), not a test's shorter one: the outage measured is the one users would see.
  const cluster = await startEmbeddedPostgres({
    dataDir,
    persistent: false,
    supervise: { onSupervisor: (message) => supervisor.push({ at: performance.now(), message }) },
  });
  let db: TestDatabase | undefined;
  let server: TestServer | undefined;
  const stop = async () => {
    await server?.close();
    await db?.close();
    await cluster.stop();
  };
  try {
    db = await createTestDatabase(cluster.adminUrl);
    // The organisation signs up four people; the sign-in rate limit is rate-limit.int.test.ts's to test.
    server = await startTestServer(db.db, { AUTH_RATE_LIMIT_MAX: '100000' });
    return { env: dedicatedEnv(db, server), dataDir, supervisor, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function dedicatedEnv(db: TestDatabase, server: TestServer): IntegrationEnv {
  return { db, server, signUp: () => signUpWithOrg(server), anonymous: () => apiClient(server) };
}

async function killUnderLoad(context: ExtensionContext, app: DedicatedApp): Promise<ExtensionResult> {
  const org = await seedOrganisation(app.env, { everyTable: false });
  const book = await loadBook(app.env, org, CUSTOMERS);
  const calls: RecordedCall[] = [];
  const recorded = { ...book, writer: recordingClient(book.writer, calls), reader: recordingClient(book.reader, calls) };

  let killAt: number | undefined;
  let killFailed: unknown;
  const killSoonAfterStart = async (elapsedMs: () => number) => {
    await sleep(KILL_AFTER_MS - elapsedMs());
    try {
      killAt = performance.now();
      killPostmaster(app.dataDir);
    } catch (error) {
      // Kept for after the load: thrown here it would be an unhandled rejection until the load ends.
      killFailed = error;
    }
  };
  const outcome = await context.load({ book: recorded, seconds: LOAD_SECONDS, during: killSoonAfterStart });
  const loadEndedAt = performance.now();
  if (killFailed !== undefined || killAt === undefined) throw new Error('the postmaster was not killed', { cause: killFailed });
  if (calls.length !== outcome.requests) throw new Error(`the load made ${outcome.requests} requests but ${calls.length} were recorded`);

  const timeline = readTimeline(calls, killAt);
  // A kill the clients never noticed disturbed nothing: the run would pass without testing anything.
  if (timeline.firstFailureAt === null) throw new Error('no call failed after the kill: the outage was not seen, so nothing was tested');
  return judgeOutage(app, calls, timeline, loadEndedAt);
}

async function judgeOutage(
  app: DedicatedApp,
  calls: readonly RecordedCall[],
  timeline: OutageTimeline,
  loadEndedAt: number,
): Promise<ExtensionResult> {
  const describe = (call: RecordedCall) => `${call.method} ${call.path} (sent ${secondsFrom(timeline.killAt, call.sentAt)} from the kill)`;
  const inPhase = (phase: ReturnType<typeof phaseOf>) => calls.filter((c) => phaseOf(c, timeline) === phase);
  const findings: Finding[] = calls.flatMap((c) => judgeCall(c, phaseOf(c, timeline), timeline));
  const rows = outageRows(app, timeline, inPhase('before'), inPhase('outage'));

  const { recoveredAt } = timeline;
  if (recoveredAt === null) {
    const why = `no 2xx to a request sent after the first failure, up to ${secondsFrom(timeline.killAt, loadEndedAt)} from the kill: it never recovered`;
    findings.push({ kind: 'hang', request: 'the whole API', status: 0, why });
    rows.push(['acknowledged writes', 'not checked: the database never came back']);
    return { rows, findings };
  }
  if (loadEndedAt - recoveredAt < MIN_RECOVERED_MS) {
    findings.push({ kind: 'hang', request: 'the whole API', status: 0, why: `recovered only ${secondsFrom(recoveredAt, loadEndedAt)} before the load ended: too late to judge` });
  }
  const recovered = inPhase('recovered');
  const { p50, p95, p99 } = latencies(recovered);
  const recoveredSeconds = (loadEndedAt - recoveredAt) / 1000;
  rows.push([
    'after recovery',
    `${recovered.length} requests in ${recoveredSeconds.toFixed(1)} s (${Math.round(recovered.length / recoveredSeconds)}/s): ${countByAnswer(recovered)}; p50 ${p50} ms, p95 ${p95} ms, p99 ${p99} ms`,
  ]);

  const stuck = await clientsStillCheckedOut(app.env.db.pool);
  rows.push(['pooled clients after the load', stuck === 0 ? 'all back in the pool' : `${stuck} still checked out with no request in flight`]);
  if (stuck > 0) {
    const why = `${stuck} of the server's pooled clients still checked out ${CLIENTS_BACK_WITHIN_MS / 1000} s after the load ended: an outage leaks them`;
    findings.push({ kind: 'lost', request: 'the whole API', status: 0, why });
  }

  const writes = await checkAcknowledgedWrites(app.env.db.pool, calls, describe);
  findings.push(...writes.findings);
  rows.push(['acknowledged writes kept', `${writes.acknowledged - writes.findings.length} of ${writes.acknowledged} (${writes.checked})`]);
  return { rows, findings };
}

/** The report's rows for the load before the kill and for the outage itself. */
function outageRows(
  app: DedicatedApp,
  timeline: OutageTimeline,
  before: readonly RecordedCall[],
  outage: readonly RecordedCall[],
): [string, string][] {
  const { killAt, firstFailureAt, recoveredAt } = timeline;
  const baseline = latencies(before);
  const supervisor = app.supervisor.filter((s) => s.at >= killAt).map((s) => `${secondsFrom(killAt, s.at)} ${s.message}`);
  const outageLength = firstFailureAt !== null && recoveredAt !== null ? `${((recoveredAt - firstFailureAt) / 1000).toFixed(1)} s` : 'no end seen';
  return [
    ['kill', `SIGKILL to the postmaster ${(KILL_AFTER_MS / 1000).toFixed(0)} s into ${LOAD_SECONDS} s of load; before it ${before.length} requests, p95 ${baseline.p95} ms`],
    ['supervisor', supervisor.join('; ') || 'said nothing'],
    ['during the outage', `${outage.length} requests: ${countByAnswer(outage)}`],
    ['outage as clients saw it', `${outageLength}, from the first failure (${firstFailureAt === null ? 'never' : secondsFrom(killAt, firstFailureAt)} from the kill) to the first 2xx after it`],
    ['kill to the first 2xx', recoveredAt === null ? 'none came' : secondsFrom(killAt, recoveredAt)],
  ];
}

/** A pooled client whose connection died is taken back after ABANDONED_AFTER_MS (decision 0033): this long and a bit. */
const CLIENTS_BACK_WITHIN_MS = ABANDONED_AFTER_MS + 5_000;

/**
 * How many of the pool's clients are still checked out once no request is in flight, after waiting
 * up to CLIENTS_BACK_WITHIN_MS: a client lost to the outage (drizzle-team/drizzle-orm#6023) would
 * be one of the pool's few for good, and the pool could never close.
 */
async function clientsStillCheckedOut(pool: Pool): Promise<number> {
  const until = performance.now() + CLIENTS_BACK_WITHIN_MS;
  const checkedOut = () => pool.totalCount - pool.idleCount;
  while (checkedOut() > 0 && performance.now() < until) await sleep(100);
  return checkedOut();
}

/** SIGKILL the cluster's postmaster, whose pid is the first line of postmaster.pid: its backends are orphaned, as in a crash. */
function killPostmaster(dataDir: string): void {
  const pid = Number(readFileSync(resolve(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) throw new Error(`no postmaster pid in ${dataDir}/postmaster.pid`);
  process.kill(pid, 'SIGKILL');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
