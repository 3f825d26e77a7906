import { randomUUID } from 'node:crypto';

import { eq, lt, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';

import type { Db } from '../db/client';
import { workerJobRun, workerProcess } from '../db/schema';

import type { JobLog } from './job-definition';

/** How often a worker says it is alive, and after how long without a word it is taken for dead. */
export const HEARTBEAT_MS = 5_000;
export const DEAD_AFTER_MS = 25_000;
/** How often each worker looks for the jobs of dead ones. */
export const SWEEP_MS = 10_000;

export interface WorkerPresence {
  id: string;
  /** Run `work` as pg-boss's job `jobId` of `queue`, recorded as this worker's while it runs. */
  running<T>(queue: string, jobId: string, work: () => Promise<T>): Promise<T>;
  /** Take back the jobs of workers that stopped beating: cancel each in pg-boss and send it again. */
  sweep(): Promise<number>;
  /**
   * Stop sweeping; keep beating until this worker's running jobs have finished (or `waitMs` has
   * passed), then leave. Beating to the end keeps another worker from taking back a job that is
   * still running here, during a graceful shutdown.
   */
  stop(waitMs?: number): Promise<void>;
}

interface PgBossJobRow extends Record<string, unknown> {
  id: string;
  name: string;
  state: string;
  data: object | null;
  singleton_key: string | null;
}

/**
 * A worker's presence (decision 0034): it beats every HEARTBEAT_MS, records each job it runs, and
 * sweeps every SWEEP_MS for the jobs of workers silent for DEAD_AFTER_MS. pg-boss alone would keep
 * a SIGKILLed worker's job active until it expires (15 to 60 minutes here), and the `stately`
 * queues (an organisation's imports, bulk actions, Stripe sync) would wait that long behind it.
 * A job taken back is sent again with its own data and singleton key; each job resumes from the
 * progress it committed (an import's batches, a sync's cursor), so nothing is done twice.
 */
export async function startWorkerPresence(deps: { db: Db; boss: PgBoss; log: JobLog; sweepEveryMs?: number }): Promise<WorkerPresence> {
  const { db, boss, log } = deps;
  const id = randomUUID();
  await db.insert(workerProcess).values({ id });
  const beat = setInterval(() => {
    // An upsert: a worker stalled past DEAD_AFTER_MS (its row swept, its jobs taken back) comes back
    // as a live worker rather than beating into nothing and having every later job taken back too.
    void db.insert(workerProcess).values({ id }).onConflictDoUpdate({ target: workerProcess.id, set: { heartbeatAt: sql`now()` } }).catch((error: unknown) => log.warn(`worker heartbeat failed: ${String(error)}`));
  }, HEARTBEAT_MS);
  beat.unref();

  const sweep = async (): Promise<number> => {
    // Claimed by deleting: when several workers sweep at once, each taken-back job is theirs once.
    const orphans = await db.execute<{ job_id: string; queue: string }>(sql`
      delete from worker.job_run r
      where not exists (
        select 1 from worker.process p
        where p.id = r.worker_id and p.heartbeat_at > now() - make_interval(secs => ${DEAD_AFTER_MS / 1000})
      )
      returning r.job_id, r.queue`);
    let taken = 0;
    for (const orphan of orphans.rows) {
      const job = (await db.execute<PgBossJobRow>(sql`
        select id, name, state, data, singleton_key from pgboss.job where id = ${orphan.job_id} and name = ${orphan.queue}`)).rows[0];
      if (job?.state !== 'active') continue;
      await boss.cancel(job.name, job.id);
      await boss.send(job.name, job.data ?? {}, job.singleton_key ? { singletonKey: job.singleton_key } : {});
      log.warn(`worker: took back ${job.name} job ${job.id} from a worker that stopped, and sent it again`);
      taken += 1;
    }
    await db.delete(workerProcess).where(lt(workerProcess.heartbeatAt, sql`now() - make_interval(secs => ${DEAD_AFTER_MS / 1000})`));
    return taken;
  };
  const sweeper = setInterval(() => {
    void sweep().catch((error: unknown) => log.warn(`worker sweep failed: ${String(error)}`));
  }, deps.sweepEveryMs ?? SWEEP_MS);
  sweeper.unref();

  return {
    id,
    async running(queue, jobId, work) {
      await db.insert(workerJobRun).values({ jobId, queue, workerId: id })
        .onConflictDoUpdate({ target: workerJobRun.jobId, set: { workerId: id } });
      try {
        return await work();
      } finally {
        await db.delete(workerJobRun).where(eq(workerJobRun.jobId, jobId)).catch(() => undefined);
      }
    },
    sweep,
    async stop(waitMs = 30_000) {
      clearInterval(sweeper);
      const until = Date.now() + waitMs;
      const running = async () =>
        (await db.select({ jobId: workerJobRun.jobId }).from(workerJobRun).where(eq(workerJobRun.workerId, id)).catch(() => [])).length;
      while (Date.now() < until && (await running()) > 0) await new Promise((r) => setTimeout(r, 250));
      clearInterval(beat);
      // What is still recorded as running here (a job that outlived the wait) is left to the sweep.
      await db.delete(workerProcess).where(eq(workerProcess.id, id)).catch(() => undefined);
    },
  };
}
