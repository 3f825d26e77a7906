import type PgBoss from 'pg-boss';
import type { z } from 'zod';

import type { AppConfig, ModuleSettings } from '../config';
import type { Db } from '../db/client';
import type { OperationLog } from '../lib/operation-log';
import type { SecretBox } from '../lib/secret-box';

import type { JobQueue } from './job-queue';

export type JobLog = OperationLog;

/** What a job's handler is given: the database, the clock, a log and the queue (to send more). */
export interface JobContext {
  db: Db;
  /** The clock; tests move it. */
  now: () => Date;
  log: JobLog;
  jobs: JobQueue;
  settings: WorkerSettings;
}

/**
 * What jobs read from the configuration: every module's settings under its name, composed by
 * config.ts from the modules' slices (a module's new setting reaches its jobs with no change
 * here), the instance's mail server and the secrets box.
 */
export interface WorkerSettings extends ModuleSettings {
  mail: Pick<AppConfig['mail'], 'smtpUrl' | 'timeouts' | 'outbound'>;
  /** Seals and opens organisations' SMTP passwords and DKIM keys (decision 0019). */
  secrets: SecretBox;
}

/**
 * One background job, whole: its queue, when it runs, what its data looks like and what it does.
 * Each lives in its own `*.job.ts`; `job-list.ts` lists them for the boss and the worker
 * (docs/adding-a-domain.md).
 */
export interface JobDefinition<Data extends object = object> {
  /** The pg-boss queue name, `domain.verb`. */
  name: string;
  /** Queue settings (policy, expiry, retries); pg-boss's defaults otherwise. */
  queue?: Omit<PgBoss.Queue, 'name'>;
  /** A cron expression in UTC for periodic jobs; periodic jobs take no data. */
  schedule?: string;
  /** Whether the worker puts it on its clock, by its settings; always, unless said. */
  isScheduled?: (settings: WorkerSettings) => boolean;
  /** The job's data, checked before the handler sees it. */
  data: z.ZodType<Data>;
  /** How often an idle worker asks for this job, in seconds (pg-boss's default is 2). */
  pollingIntervalSeconds?: number;
  /** How many of these one worker process runs at once; 1 unless said. */
  concurrency?: (settings: WorkerSettings) => number;
  handle: (ctx: JobContext, data: Data) => Promise<void>;
  /** Run once when a worker starts, to catch up on what happened while none was running. */
  onWorkerStart?: (ctx: JobContext) => Promise<void>;
}

/** A job as the boss and the worker see it: its data type erased behind the schema check. */
export interface RegisteredJob extends Omit<JobDefinition, 'data' | 'handle'> {
  /** Check `data` against the job's schema, then handle it. */
  run: (ctx: JobContext, data: unknown) => Promise<void>;
}

/** Define a job: its data type is inferred from the schema, and checked before every run. */
export function defineJob<Data extends object>(definition: JobDefinition<Data>): RegisteredJob {
  const { data, handle, ...rest } = definition;
  return { ...rest, run: (ctx, raw) => handle(ctx, data.parse(raw)) };
}
