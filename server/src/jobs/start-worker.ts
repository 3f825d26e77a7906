import type { Db } from '../db/client';

export interface Worker {
  stop(): Promise<void>;
}

/**
 * The background side of the process (`--role=worker|all`). No jobs exist yet; scheduler, sender,
 * Stripe sync and inbound mail register here as they arrive (DESIGN §2), using `deps.db`.
 */
export function startWorker(deps: { db: Db; log: { info(message: string): void } }): Promise<Worker> {
  deps.log.info('worker started (no jobs registered yet)');
  return Promise.resolve({ stop: () => Promise.resolve() });
}
