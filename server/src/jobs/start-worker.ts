import PgBoss from 'pg-boss';

import type { Db } from '../db/client';

import { refreshFiguresForAllOrganisations } from './figures-refresh.handler';
import { FIGURES_REFRESH_CRON, FIGURES_REFRESH_JOB } from './figures-refresh.job';
import { deleteExpiredIdempotencyKeys } from './idempotency-cleanup.handler';
import { IDEMPOTENCY_CLEANUP_CRON, IDEMPOTENCY_CLEANUP_JOB } from './idempotency-cleanup.job';

export interface Worker {
  stop(): Promise<void>;
}

interface WorkerDeps {
  db: Db;
  /** pg-boss keeps its queues in its own schema of the same database. */
  connectionString: string;
  log: { info(message: string): void; error(message: string, error?: unknown): void };
  /** The clock; tests move it. */
  now?: () => Date;
}

/**
 * The background side of the process (`--role=worker|all`): jobs through pg-boss, so any number of
 * worker processes share the work through the database (DESIGN §2). The scheduler, sender,
 * Stripe sync and inbound mail register here as they arrive.
 */
export async function startWorker(deps: WorkerDeps): Promise<Worker> {
  const now = deps.now ?? (() => new Date());
  const boss = new PgBoss({ connectionString: deps.connectionString, max: 3 });
  boss.on('error', (error) => deps.log.error('job queue error', error));
  await boss.start();

  await boss.createQueue(FIGURES_REFRESH_JOB);
  await boss.schedule(FIGURES_REFRESH_JOB, FIGURES_REFRESH_CRON, {}, { tz: 'UTC' });
  await boss.work(FIGURES_REFRESH_JOB, { pollingIntervalSeconds: 2 }, async () => {
    const changed = await refreshFiguresForAllOrganisations({ db: deps.db, now: now() });
    if (changed > 0) deps.log.info(`figures refreshed: ${changed} customers changed`);
  });
  await boss.createQueue(IDEMPOTENCY_CLEANUP_JOB);
  await boss.schedule(IDEMPOTENCY_CLEANUP_JOB, IDEMPOTENCY_CLEANUP_CRON, {}, { tz: 'UTC' });
  await boss.work(IDEMPOTENCY_CLEANUP_JOB, async () => {
    const deleted = await deleteExpiredIdempotencyKeys({ db: deps.db, now: now() });
    if (deleted > 0) deps.log.info(`idempotency keys expired: ${deleted}`);
  });

  // Catch up at start: the app may have been down when the day turned.
  await boss.send(FIGURES_REFRESH_JOB, {});

  deps.log.info('worker started');
  return { stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }) };
}
