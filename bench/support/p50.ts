import { performance } from 'node:perf_hooks';

/** The median wall time of `runs` sequential calls, in milliseconds: steadier than a mean on a busy machine. */
export async function p50(runs: number, fn: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((x, y) => x - y);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}
