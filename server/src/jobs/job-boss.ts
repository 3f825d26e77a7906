import PgBoss from 'pg-boss';

import { CUSTOMER_IMPORT_JOB, CUSTOMER_IMPORT_QUEUE } from './customer-import.job';
import { FIGURES_REFRESH_JOB } from './figures-refresh.job';
import { IDEMPOTENCY_CLEANUP_JOB } from './idempotency-cleanup.job';
import { IMPORT_ROWS_CLEANUP_JOB } from './import-rows-cleanup.job';

/** Every queue and its settings; created (if missing) by every process, so any of them can send. */
const QUEUES: PgBoss.Queue[] = [
  { name: FIGURES_REFRESH_JOB },
  { name: IDEMPOTENCY_CLEANUP_JOB },
  { name: IMPORT_ROWS_CLEANUP_JOB },
  { name: CUSTOMER_IMPORT_JOB, ...CUSTOMER_IMPORT_QUEUE },
];

/**
 * The process's one pg-boss (its own `pgboss` schema in the same database). An API-only process
 * (`--role=api`) only sends jobs, so it runs neither pg-boss's maintenance (expiring and archiving
 * jobs) nor its cron clock: those belong to the workers, however many API processes there are.
 */
export async function startJobBoss(deps: {
  connectionString: string;
  runsWorker: boolean;
  log: { error(message: string, error?: unknown): void };
}): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: deps.connectionString,
    max: deps.runsWorker ? 3 : 2,
    supervise: deps.runsWorker,
    schedule: deps.runsWorker,
  });
  boss.on('error', (error) => deps.log.error('job queue error', error));
  await boss.start();
  for (const queue of QUEUES) await boss.createQueue(queue.name, queue);
  return boss;
}
