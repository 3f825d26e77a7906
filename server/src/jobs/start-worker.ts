import type PgBoss from 'pg-boss';

import type { Db } from '../db/client';
import { resumeUnfinishedImports } from '../modules/imports/resume-unfinished-imports';
import { runCustomerImport } from '../modules/imports/run-customer-import';

import { CUSTOMER_IMPORT_JOB, customerImportJobDataSchema } from './customer-import.job';
import { refreshFiguresForAllOrganisations } from './figures-refresh.handler';
import { FIGURES_REFRESH_CRON, FIGURES_REFRESH_JOB } from './figures-refresh.job';
import { deleteExpiredIdempotencyKeys } from './idempotency-cleanup.handler';
import { IDEMPOTENCY_CLEANUP_CRON, IDEMPOTENCY_CLEANUP_JOB } from './idempotency-cleanup.job';
import { deleteExpiredImportRows } from './import-rows-cleanup.handler';
import { IMPORT_ROWS_CLEANUP_CRON, IMPORT_ROWS_CLEANUP_JOB } from './import-rows-cleanup.job';
import { pgBossJobQueue } from './job-queue';

export interface Worker {
  /** Stop taking new jobs; the boss's own stop (main.ts) waits for running ones. */
  stop(): Promise<void>;
}

interface WorkerDeps {
  db: Db;
  /** The process's started pg-boss (startJobBoss with runsWorker), shared with the API's JobQueue. */
  boss: PgBoss;
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
  const { boss } = deps;
  const now = deps.now ?? (() => new Date());

  await boss.schedule(FIGURES_REFRESH_JOB, FIGURES_REFRESH_CRON, {}, { tz: 'UTC' });
  await boss.work(FIGURES_REFRESH_JOB, { pollingIntervalSeconds: 2 }, async () => {
    const changed = await refreshFiguresForAllOrganisations({ db: deps.db, now: now() });
    if (changed > 0) deps.log.info(`figures refreshed: ${changed} customers changed`);
  });

  await boss.schedule(IDEMPOTENCY_CLEANUP_JOB, IDEMPOTENCY_CLEANUP_CRON, {}, { tz: 'UTC' });
  await boss.work(IDEMPOTENCY_CLEANUP_JOB, async () => {
    const deleted = await deleteExpiredIdempotencyKeys({ db: deps.db, now: now() });
    if (deleted > 0) deps.log.info(`idempotency keys expired: ${deleted}`);
  });

  await boss.schedule(IMPORT_ROWS_CLEANUP_JOB, IMPORT_ROWS_CLEANUP_CRON, {}, { tz: 'UTC' });
  await boss.work(IMPORT_ROWS_CLEANUP_JOB, async () => {
    const deleted = await deleteExpiredImportRows({ db: deps.db, now: now() });
    if (deleted > 0) deps.log.info(`stored import rows expired: ${deleted}`);
  });

  await boss.work(CUSTOMER_IMPORT_JOB, { pollingIntervalSeconds: 1 }, async (jobs) => {
    for (const job of jobs) await runCustomerImport({ db: deps.db, log: deps.log }, customerImportJobDataSchema.parse(job.data));
  });

  // Catch up at start: the app may have been down when the day turned, or in the middle of an import.
  await boss.send(FIGURES_REFRESH_JOB, {});
  const resumed = await resumeUnfinishedImports({ db: deps.db, jobs: pgBossJobQueue(boss) });
  if (resumed > 0) deps.log.info(`imports resumed: ${resumed}`);

  deps.log.info('worker started');
  const names = [FIGURES_REFRESH_JOB, IDEMPOTENCY_CLEANUP_JOB, IMPORT_ROWS_CLEANUP_JOB, CUSTOMER_IMPORT_JOB];
  return {
    stop: async () => {
      await Promise.all(names.map((name) => boss.offWork(name)));
    },
  };
}
