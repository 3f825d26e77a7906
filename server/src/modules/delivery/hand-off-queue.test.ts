import { MS_PER_DAY } from '@receivables/contracts';
import { describe, expect, it } from 'vitest';

import { retryDelayMs } from './event-outcomes';
import { handOffQueue } from './hand-off-queue';

const tick = () => new Promise<void>((r) => setTimeout(r, 5));

describe('handOffQueue', () => {
  it('runs at most `concurrency` hand-offs at once, and all of them in the end', async () => {
    const queue = handOffQueue(2);
    let running = 0;
    let most = 0;
    let done = 0;
    for (let i = 0; i < 7; i++) {
      queue.run(async () => {
        running++;
        most = Math.max(most, running);
        await tick();
        running--;
        done++;
      });
    }
    await queue.drain();
    expect([most, done, running]).toEqual([2, 7, 0]);
  });

  it('makes a producer wait while the queue is full', async () => {
    const queue = handOffQueue(1);
    for (let i = 0; i < 3; i++) queue.run(tick);
    let waited = false;
    await queue.whenRoom().then(() => (waited = true));
    expect(waited).toBe(true);
    await queue.drain();
  });

  it('surfaces a hand-off’s error once every other hand-off has finished, instead of dropping it', async () => {
    const queue = handOffQueue(2);
    let done = 0;
    for (let i = 0; i < 5; i++) {
      queue.run(async () => {
        await tick();
        if (i === 1) throw new Error('recording the outcome failed');
        done++;
      });
    }
    await expect(queue.drain()).rejects.toThrow('recording the outcome failed');
    expect(done).toBe(4);
  });

  it('surfaces every error when several fail', async () => {
    const queue = handOffQueue(3);
    for (const n of [1, 2]) queue.run(() => Promise.reject(new Error(`hand-off ${n}`)));
    queue.run(tick);
    const failure: unknown = await queue.drain().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AggregateError);
    expect((failure as AggregateError).errors.map((e) => (e as Error).message)).toEqual(['hand-off 1', 'hand-off 2']);
  });
});

describe('retryDelayMs', () => {
  it('doubles from the base after each attempt, at most a day', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 60_000))).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(30, 60_000)).toBe(MS_PER_DAY);
  });
});
