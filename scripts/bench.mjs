// `npm run bench`: every benchmark under bench/, one after another. Each prints its own ratios
// against a baseline measured in the same run, and records them in bench/results/latest.json.
//
//   npm run bench                                  every benchmark at its default size
//   npm run bench -- customers-list                only those whose file name contains the word
//   npm run bench -- --customers 1000000           every benchmark sized to a book of that many customers
//
// --customers sets each benchmark's own size variable unless it is already set in the environment
// (BENCH_CUSTOMERS, BENCH_SCHEDULE_CUSTOMERS, BENCH_FIGURES_CUSTOMERS, BENCH_BULK_CUSTOMERS; the
// import reads a file of that many rows, BENCH_IMPORT_ROWS).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values, positionals } = parseArgs({ options: { customers: { type: 'string' } }, allowPositionals: true });
const only = positionals[0];
const env = { ...process.env };
if (values.customers !== undefined) {
  const customers = Number(values.customers);
  if (!Number.isInteger(customers) || customers < 1) {
    console.error(`--customers must be a whole number of customers, not "${values.customers}"`);
    process.exit(2);
  }
  for (const name of ['BENCH_CUSTOMERS', 'BENCH_SCHEDULE_CUSTOMERS', 'BENCH_FIGURES_CUSTOMERS', 'BENCH_BULK_CUSTOMERS', 'BENCH_IMPORT_ROWS']) {
    env[name] ??= String(customers);
  }
}
const benches = readdirSync(`${root}bench`).filter((f) => f.endsWith('.bench.ts') && (!only || f.includes(only)));
if (benches.length === 0) {
  console.error(`No benchmark under bench/ has "${only}" in its name`);
  process.exit(2);
}
let failed = 0;
for (const file of benches) {
  console.log(`\n=== ${file}`);
  const { status } = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', `bench/${file}`], { cwd: root, stdio: 'inherit', env });
  if (status !== 0) failed += 1;
}
process.exit(failed > 0 ? 1 : 0);
