import type PgBoss from 'pg-boss';

import type { Db } from '../../src/db/client';
import { startJobBoss } from '../../src/jobs/job-boss';
import { type JobQueue, pgBossJobQueue } from '../../src/jobs/job-queue';
import { startWorker } from '../../src/jobs/start-worker';
import { workerSettings } from '../../src/jobs/worker-settings';

import { testConfig } from './test-server';

export interface TestWorker {
  boss: PgBoss;
  /** The same queue main.ts hands the HTTP app. */
  jobs: JobQueue;
  stop(): Promise<void>;
}

/** The real worker on a real pg-boss, as `--role=all` runs it, over the database at `url`. */
export async function startTestWorker(options: {
  db: Db;
  url: string;
  now?: () => Date;
  importConcurrency?: number;
  /** The environment the sender reads (SMTP_URL, SEND_*), as the test server's. */
  env?: NodeJS.ProcessEnv;
}): Promise<TestWorker> {
  const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const config = testConfig({ IMPORT_CONCURRENCY: String(options.importConcurrency ?? 2), ...options.env });
  const boss = await startJobBoss({ connectionString: options.url, runsWorker: true, log });
  const settings = workerSettings(config);
  const worker = await startWorker({ db: options.db, boss, log, settings, ...(options.now ? { now: options.now } : {}) });
  return {
    boss,
    jobs: pgBossJobQueue(boss),
    async stop() {
      await worker.stop();
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
