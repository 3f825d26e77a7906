import PQueue from 'p-queue';

/**
 * At most `concurrency` hand-offs at once (SEND_CONCURRENCY per process), through p-queue. `run`
 * queues one; `whenRoom` waits until fewer than `concurrency` are waiting, so the sender never
 * claims far ahead of what is being sent; `drain` waits for them all, then throws what any of
 * them threw: a hand-off reports its own outcomes, so an error here is a bug, and it fails the
 * pass (the job) rather than vanishing.
 */
export interface HandOffQueue {
  run(task: () => Promise<void>): void;
  whenRoom(): Promise<void>;
  drain(): Promise<void>;
}

export function handOffQueue(concurrency: number): HandOffQueue {
  const queue = new PQueue({ concurrency });
  const errors: unknown[] = [];
  return {
    run(task) {
      // Caught as it happens (an unhandled rejection would stop the process); thrown by drain.
      void queue.add(task).catch((error: unknown) => errors.push(error));
    },
    whenRoom: () => queue.onSizeLessThan(concurrency),
    async drain() {
      await queue.onIdle();
      if (errors.length === 1) throw errors[0];
      if (errors.length > 1) throw new AggregateError(errors, `${errors.length} hand-offs failed`);
    },
  };
}
