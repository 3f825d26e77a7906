import { sql } from 'drizzle-orm';

import {
  createTestDatabase,
  type Db,
  FAKE_STRIPE_API_KEY,
  signUpWithOrg,
  startFakeStripe,
} from '../support';
import { type AppProcess, freePort, startAppProcess } from '../support/app-process';

import type { Finding } from './answer-checks';
import type { ExtensionResult, ResilienceExtension } from './extension-points';
import {
  type HeldJob,
  type JobLab,
  type JobState,
  prepareFiguresRefresh,
  startBulkAction,
  startCustomerImport,
  startSchedulingPass,
  startStripeSync,
} from './long-jobs';
import { holdCustomerRow } from './row-hold';

/**
 * A worker SIGKILLed in the middle of every long job at once (decision 0034): an API process and a
 * worker process (`npm start -- --role`, as job-recovery.int.test.ts runs them) on a database of
 * their own; the figures refresh, a CSV import, a bulk action over `matching`, a Stripe sync and an
 * organisation's scheduling pass each started, each on its own organisation, and each held mid-way
 * (long-jobs.ts); then the worker is SIGKILLed, the holds let go, and another worker started. Each
 * job's time to recover runs from the kill until its record says it finished and pg-boss has no job
 * of it left waiting or running. The delivery send is not here: delivery-crash.int.test.ts kills
 * senders mid-batch (decision 0020).
 */
export const workerKillExtension: ResilienceExtension = {
  async run(context) {
    const lab = await openLab(context.adminDatabaseUrl);
    try {
      return await killWorkerMidJobs(lab);
    } finally {
      await lab.close();
    }
  },
};

/** Decision 0034: a job is taken back "within a minute of the worker dying". */
const RECOVERY_ALLOWED_MS = 60_000;
/** How long the run watches after the kill, to tell a late job from one that never finishes. */
const GIVE_UP_MS = 180_000;
const STRIPE_APP_SECRET = 'absec_worker_kill';

interface Lab extends JobLab {
  startWorker(): Promise<AppProcess>;
  close(): Promise<void>;
}

async function killWorkerMidJobs(lab: Lab): Promise<ExtensionResult> {
  // The figures refresh is the one a starting worker sends: its book and its hold come first.
  const figures = await prepareFiguresRefresh(lab);
  const first = await lab.startWorker();
  const jobs = [
    await figures.midway(),
    await startCustomerImport(lab),
    await startBulkAction(lab),
    await startStripeSync(lab),
    await startSchedulingPass(lab),
  ];

  await first.kill();
  const killedAt = Date.now();
  // Only now: the dead worker's waiting batches go on into connections nobody reads, and roll back.
  await Promise.all(jobs.map((job) => job.release()));
  const second = await lab.startWorker();
  const recoveries = await Promise.all(jobs.map((job) => watchRecovery(lab.tdb.db, job, killedAt)));

  const rows: ExtensionResult['rows'] = [['killed', `one worker, with ${jobs.length} jobs mid-way; another started at once`]];
  const findings: Finding[] = [];
  for (const recovery of recoveries) {
    const tookBack = second.output().includes(`took back ${recovery.job.queue} job`);
    rows.push([`${recovery.job.label}, killed ${recovery.job.midway}: recovered in`, describeRecovery(recovery, tookBack)]);
    findings.push(...(await findingsOf(recovery)));
  }
  rows.push(['delivery send', 'not here: delivery-crash.int.test.ts SIGKILLs senders mid-batch (decision 0020)']);
  return { rows, findings };
}

interface Recovery {
  job: HeldJob;
  /** Milliseconds from the kill until the job's record said it finished; null: not seen. */
  workDoneMs: number | null;
  /** … and until pg-boss had no job of it left waiting or running either; null: not within GIVE_UP_MS. */
  finishedMs: number | null;
  last: JobState;
}

async function watchRecovery(db: Db, job: HeldJob, killedAt: number): Promise<Recovery> {
  let workDoneMs: number | null = null;
  for (;;) {
    const state = await job.read();
    const elapsed = Date.now() - killedAt;
    if (state.finished) workDoneMs ??= elapsed;
    if (state.failure) return { job, workDoneMs, finishedMs: null, last: state };
    if (state.finished && (await queueIsClear(db, job))) return { job, workDoneMs, finishedMs: elapsed, last: state };
    if (elapsed > GIVE_UP_MS) return { job, workDoneMs, finishedMs: null, last: state };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** No job of this queue (and key) waiting, due for a retry or running: a job the dead worker held stays `active` until taken back. */
async function queueIsClear(db: Db, job: HeldJob): Promise<boolean> {
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from pgboss.job
    where name = ${job.queue} and state in ('created', 'retry', 'active')
      and (${job.singletonKey}::text is null or singleton_key = ${job.singletonKey})`);
  return (rows[0]?.n ?? 0) === 0;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function describeRecovery(r: Recovery, tookBack: boolean): string {
  const how = tookBack ? 'taken back by the sweep' : 'never taken back by a sweep';
  if (r.finishedMs === null) return `NOT RECOVERED (${r.last.failure ?? r.last.progress}; ${how})`;
  // The figures refresh a starting worker sends does the work long before the dead job is taken back.
  const early = r.workDoneMs !== null && r.finishedMs - r.workDoneMs >= 1_000 ? `its work done after ${seconds(r.workDoneMs)}, ` : '';
  return `${seconds(r.finishedMs)} (${early}${how})`;
}

/**
 * A job that did not finish in time is a `hang`; one that ended failed, or finished with rows lost
 * or doubled, is a `server-error`: the answer-checks kinds nearest to them (the report prints each
 * with its `why`).
 */
async function findingsOf(r: Recovery): Promise<Finding[]> {
  const finding = (kind: Finding['kind'], why: string): Finding => ({ kind, request: `${r.job.queue} job: ${r.job.label}`, status: 0, why });
  const findings: Finding[] = [];
  if (r.last.failure) findings.push(finding('server-error', `ended ${r.last.failure} after its worker was SIGKILLed`));
  else if (r.finishedMs === null) {
    const left = r.workDoneMs === null ? r.last.progress : 'its work done, but a job of it still waiting or running in pg-boss';
    findings.push(finding('hang', `not finished ${seconds(GIVE_UP_MS)} after its worker was SIGKILLed: ${left}`));
  } else if (r.finishedMs > RECOVERY_ALLOWED_MS) {
    findings.push(finding('hang', `finished ${seconds(r.finishedMs)} after its worker was SIGKILLed, past the ${seconds(RECOVERY_ALLOWED_MS)} allowed (decision 0034)`));
  }
  if (r.workDoneMs !== null || r.last.failure) for (const problem of await r.job.check()) findings.push(finding(problem.startsWith('rows doubled') ? 'doubled' : 'lost', problem));
  return findings;
}

/** A database of its own, a fake Stripe, and an API process on them; workers started as asked. */
async function openLab(adminDatabaseUrl: string): Promise<Lab> {
  const tdb = await createTestDatabase(adminDatabaseUrl);
  const stripe = await startFakeStripe();
  const cleanups: (() => Promise<unknown>)[] = [];
  const processes: AppProcess[] = [];
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = {
    PUBLIC_URL: origin,
    AUTH_RATE_LIMIT_MAX: '1000',
    // Off the hourly clock: the only refresh is the one a starting worker sends, which the run holds.
    FIGURES_REFRESH_HOURLY: '0',
    STRIPE_SECRET_KEY: FAKE_STRIPE_API_KEY,
    STRIPE_APP_SECRET,
    STRIPE_INSTALL_URL: `${stripe.url}/oauth/v2/authorize?client_id=com.example.receivables`,
    STRIPE_API_BASE: stripe.url,
  };
  const close = async () => {
    // The holds first, so nothing waits on them while the processes stop.
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
    await Promise.all(processes.filter((p) => p.child.exitCode === null && p.child.signalCode === null).map((p) => p.stop()));
    await stripe.stop();
    await tdb.drop();
  };
  try {
    processes.push(await startAppProcess('api', { databaseUrl: tdb.url, port, ready: /running at/, env }));
  } catch (error) {
    await close();
    throw error;
  }
  return {
    tdb,
    stripe,
    stripeAppSecret: STRIPE_APP_SECRET,
    signUp: () => signUpWithOrg({ baseUrl: origin, origin }),
    holdCustomer: async (id) => {
      const held = await holdCustomerRow(tdb.url, tdb.db, id);
      cleanups.push(held.release);
      return held;
    },
    atClose: (cleanup) => cleanups.push(cleanup),
    startWorker: async () => {
      const worker = await startAppProcess('worker', { databaseUrl: tdb.url, port: await freePort(), ready: /worker started/, env });
      processes.push(worker);
      return worker;
    },
    close,
  };
}
