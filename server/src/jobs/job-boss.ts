import PgBoss from 'pg-boss';

import { JOBS } from './job-list';

/**
 * The process's one pg-boss (its own `pgboss` schema in the same database). Every process creates
 * every queue (if missing), so any of them can send. An API-only process (`--role=api`) only sends
 * jobs, so it runs neither pg-boss's maintenance (expiring and archiving jobs) nor its cron clock:
 * those belong to the workers, however many API processes there are.
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
  for (const job of JOBS) await boss.createQueue(job.name, { name: job.name, ...job.queue });
  return boss;
}
