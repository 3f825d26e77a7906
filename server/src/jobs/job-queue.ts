import type PgBoss from 'pg-boss';

/** What a sender may say about a job: a de-duplication key, how long a run may take, retries. */
export interface JobSendOptions {
  /** On a `stately` queue, at most one waiting and one running job per key. */
  singletonKey?: string;
  /** How long one run may take before pg-boss gives it to another worker. */
  expireInSeconds?: number;
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
}

/**
 * Putting a job on a queue: all the API needs from the job runner. main.ts builds it over the
 * process's one PgBoss and hands it to the HTTP app and the worker alike; tests pass a fake.
 */
export interface JobQueue {
  /** The new job's id, or null when an equal job (same singleton key) is already waiting. */
  send(name: string, data: object, options?: JobSendOptions): Promise<string | null>;
}

export function pgBossJobQueue(boss: PgBoss): JobQueue {
  return { send: (name, data, options = {}) => boss.send(name, data, options) };
}
