/**
 * At most `limit` tasks at once (the per-process bound on SMTP hand-offs, SEND_CONCURRENCY).
 * `run` starts a task when there is room and otherwise queues it; `whenRoom` waits until fewer
 * than `limit` are queued, so a producer never claims far ahead of what is being sent.
 */
export interface ConcurrencyLimit {
  run(task: () => Promise<void>): void;
  whenRoom(): Promise<void>;
  drain(): Promise<void>;
}

export function concurrencyLimit(limit: number): ConcurrencyLimit {
  let active = 0;
  const queue: (() => Promise<void>)[] = [];
  let waiters: (() => void)[] = [];
  const settle = () => {
    const ready = waiters;
    waiters = [];
    for (const w of ready) w();
  };
  const next = () => {
    while (active < limit && queue.length > 0) {
      const task = queue.shift();
      if (!task) break;
      active++;
      void task()
        .catch(() => undefined)
        .finally(() => {
          active--;
          next();
          settle();
        });
    }
  };
  return {
    run(task) {
      queue.push(task);
      next();
    },
    async whenRoom() {
      while (queue.length >= limit) await new Promise<void>((resolve) => waiters.push(resolve));
    },
    async drain() {
      while (active > 0 || queue.length > 0) await new Promise<void>((resolve) => waiters.push(resolve));
    },
  };
}
