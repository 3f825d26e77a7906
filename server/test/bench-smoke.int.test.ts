// Every benchmark under bench/ at a tiny size, so none can rot between the runs that measure
// (decision 0029). Each one exits non-zero when its figures cannot be trusted (answers that differ
// from the baseline's, an import that loses rows, a page that never shows), and prints its ratios.
// Their figures go to a scratch file, never over bench/results/latest.json.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, describe, expect, inject, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'bench-smoke-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const TINY = {
  BENCH_CUSTOMERS: '300',
  BENCH_RUNS: '2',
  BENCH_LOAD_SECONDS: '1',
  BENCH_FRESH: '1',
  BENCH_SCHEDULE_CUSTOMERS: '200',
  BENCH_FIGURES_CUSTOMERS: '200',
  BENCH_BULK_CUSTOMERS: '200',
  BENCH_IMPORT_ROWS: '1000',
  BENCH_DELIVERY_EMAILS: '20',
  BENCH_FIRST_VISIT_LOADS: '1',
};

/** Run one benchmark to its end: its exit status and everything it printed. */
function runBench(file: string, resultsFile: string): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', `bench/${file}`], {
      cwd: ROOT,
      env: { ...process.env, ...TINY, DATABASE_URL: inject('adminDatabaseUrl'), BENCH_RESULTS_FILE: resultsFile },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (status) => resolve({ status, output }));
  });
}

describe('the benchmarks at a tiny size', () => {
  const benches = readdirSync(join(ROOT, 'bench')).filter((f) => f.endsWith('.bench.ts'));

  it('are all here', () => {
    expect(benches).toEqual(expect.arrayContaining(['customers-list.bench.ts', 'customers-import.bench.ts', 'scheduling-pass.bench.ts', 'delivery.bench.ts']));
  });

  for (const file of benches) {
    it(`${file} runs to its end and prints its ratios`, { timeout: 240_000 }, async () => {
      const resultsFile = join(scratch, `${file}.json`);
      const { status, output } = await runBench(file, resultsFile);
      expect(status, output).toBe(0);
      expect(output, output).toMatch(/ratio|\/raw|baseline/i);
    });
  }

  // Read from the run above (the tests of a file run in order).
  it('the customer list’s figures are recorded for every read, with both sides and the load', () => {
    const resultsFile = join(scratch, 'customers-list.bench.ts.json');
    type ListFigures = { customers: number; reads: { api_p95: number; raw_p95: number }[]; top_debtors_under_load: { ratio: number } };
    const recorded = JSON.parse(readFileSync(resultsFile, 'utf8')) as { 'customers-list': ListFigures };
    const list = recorded['customers-list'];
    expect(list.customers).toBe(300);
    expect(list.reads.length).toBeGreaterThanOrEqual(15);
    for (const read of list.reads) expect(read.api_p95 > 0 && read.raw_p95 > 0).toBe(true);
    expect(list.top_debtors_under_load.ratio).toBeGreaterThan(0);
  });
});
