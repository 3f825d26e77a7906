import { describe, expect, it } from 'vitest';

import { concurrencyLimit } from './concurrency-limit';
import { retryDelayMs } from './event-outcomes';

const tick = () => new Promise<void>((r) => setTimeout(r, 5));

describe('concurrencyLimit', () => {
  it('runs at most `limit` tasks at once, all of them in the end, a failing one included', async () => {
    const limit = concurrencyLimit(2);
    let running = 0;
    let most = 0;
    let done = 0;
    for (let i = 0; i < 7; i++) {
      limit.run(async () => {
        running++;
        most = Math.max(most, running);
        await tick();
        running--;
        done++;
        if (i === 3) throw new Error('one hand-off failed');
      });
    }
    await limit.drain();
    expect([most, done, running]).toEqual([2, 7, 0]);
  });

  it('makes a producer wait while the queue is full', async () => {
    const limit = concurrencyLimit(1);
    for (let i = 0; i < 3; i++) limit.run(tick);
    let waited = false;
    await limit.whenRoom().then(() => (waited = true));
    expect(waited).toBe(true);
    await limit.drain();
  });
});

describe('retryDelayMs', () => {
  it('doubles from the base after each attempt, at most a day', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 60_000))).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(30, 60_000)).toBe(86_400_000);
  });
});
