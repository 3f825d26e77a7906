import type PgBoss from 'pg-boss';

import type { Db } from '../db/client';

import type { JobContext, JobLog, RegisteredJob, WorkerSettings } from './job-definition';
import { JOBS } from './job-list';
import { pgBossJobQueue } from './job-queue';
import { startWorkerPresence } from './worker-presence';

export interface Worker {
  /** Stop taking new jobs; the boss's own stop (main.ts) waits for running ones. */
  stop(): Promise<void>;
}

interface WorkerDeps {
  db: Db;
  /** The process's started pg-boss (startJobBoss with runsWorker), shared with the API's JobQueue. */
  boss: PgBoss;
  log: JobLog;
  settings: WorkerSettings;
  /** The clock; tests move it. */
  now?: () => Date;
  /** The jobs to work; every job unless a test narrows it. */
  jobs?: readonly RegisteredJob[];
  /** How often to look for dead workers' jobs; SWEEP_MS unless a test hurries it. */
  sweepEveryMs?: number;
}

/**
 * The background side of the process (`--role=worker|all`): every job of job-list.ts through
 * pg-boss, so any number of worker processes share the work through the database
 * (docs/architecture.md). Periodic jobs are scheduled in UTC; a job with a concurrency above 1
 * gets that many polling loops, each taking one job at a time.
 */
export async function startWorker(deps: WorkerDeps): Promise<Worker> {
  const { boss } = deps;
  const jobs = deps.jobs ?? JOBS;
  const ctx: JobContext = {
    db: deps.db,
    now: deps.now ?? (() => new Date()),
    log: deps.log,
    jobs: pgBossJobQueue(boss),
    settings: deps.settings,
  };

  // Before taking any job: this worker's presence, and the jobs dead workers left (decision 0034).
  const presence = await startWorkerPresence({
    db: deps.db,
    boss,
    log: deps.log,
    ...(deps.sweepEveryMs ? { sweepEveryMs: deps.sweepEveryMs } : {}),
  });
  const takenBack = await presence.sweep();
  if (takenBack > 0) deps.log.info(`jobs taken back from stopped workers: ${takenBack}`);

  for (const job of jobs) {
    if (job.schedule) {
      if (job.isScheduled?.(deps.settings) ?? true) await boss.schedule(job.name, job.schedule, {}, { tz: 'UTC' });
      // pg-boss keeps schedules in the database: one an earlier start left must go too.
      else await boss.unschedule(job.name);
    }
    const loops = Math.max(1, job.concurrency?.(deps.settings) ?? 1);
    const options = job.pollingIntervalSeconds ? { pollingIntervalSeconds: job.pollingIntervalSeconds } : {};
    for (let i = 0; i < loops; i++) {
      await boss.work(job.name, options, async (batch) => {
        for (const one of batch) await presence.running(job.name, one.id, () => job.run(ctx, one.data));
      });
    }
  }
  for (const job of jobs) await job.onWorkerStart?.(ctx);

  deps.log.info('worker started');
  return {
    stop: async () => {
      await Promise.all(jobs.map((job) => boss.offWork(job.name)));
      await presence.stop();
    },
  };
}
