import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';

// BENCH_RESULTS_FILE: elsewhere (the smoke test's tiny runs must not replace the real figures).
const RESULTS = process.env.BENCH_RESULTS_FILE ? new URL(`file://${process.env.BENCH_RESULTS_FILE}`) : new URL('../results/latest.json', import.meta.url);

/** The machine a figure was measured on, so a table read later says where it came from. */
export function machine(postgres: string): Record<string, string | number> {
  const cores = cpus();
  return {
    cpu: cores[0]?.model.trim() ?? 'unknown',
    cores: cores.length,
    memory_gb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    postgres,
  };
}

/** Merge one benchmark's figures into bench/results/latest.json under `name`, beside the others'. */
export function recordResults(name: string, figures: unknown): void {
  mkdirSync(new URL('.', RESULTS), { recursive: true });
  let all: Record<string, unknown> = {};
  try {
    all = JSON.parse(readFileSync(RESULTS, 'utf8')) as Record<string, unknown>;
  } catch {
    // First run, or a file someone broke by hand: start afresh.
  }
  all[name] = { measured_at: new Date().toISOString(), ...(figures as object) };
  writeFileSync(RESULTS, `${JSON.stringify(all, null, 2)}\n`);
}

/** Percentile `p` (0–100) of sorted-or-not samples, in their unit. */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}
