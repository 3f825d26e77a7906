// `npm test`: every check and every test in the project, then how long each phase took and one
// summary line.
//   1. the web app is built (`npm start` and the browser journeys serve the built SPA);
//   2. typecheck: tsc over every workspace;
//   3. lint: oxlint (import cycles), ESLint (typed rules, layout, house rules), the domain graph;
//   4. Debian's Chromium is installed if missing (scripts/ensure-chromium.sh): the journeys and the
//      benchmarks' smoke test (in Vitest) drive it;
//   5. Vitest runs unit + integration tests (real PostgreSQL: embedded, or DATABASE_URL);
//   6. Playwright runs the browser journeys in Chromium.
// Every phase runs even when an earlier one failed (a type error should not hide a failing test);
// the run fails if any did. Extra arguments are passed to Vitest only. E2E=0 skips the browser
// tests, UNIT=0 skips Vitest, CHECKS=0 skips typecheck and lint. TEST_INSTALL_MS (set by .ci/run)
// adds the install's duration to the table.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const reports = `${root}.data/test-reports`;
mkdirSync(reports, { recursive: true });
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const totals = { passed: 0, failed: 0, skipped: 0 };
/** Each phase: its name, how long it took, whether it passed. */
const phases = [];
if (process.env.TEST_INSTALL_MS) phases.push({ name: 'install', ms: Number(process.env.TEST_INSTALL_MS), ok: true });

function phase(name, fn) {
  const started = Date.now();
  const ok = fn();
  phases.push({ name, ms: Date.now() - started, ok });
  return ok;
}

const minutes = (ms) => `${Math.floor(ms / 60_000)}:${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}`;

function summary() {
  const total = phases.reduce((sum, p) => sum + p.ms, 0);
  console.log('\nphase        took     ');
  for (const p of phases) console.log(`${p.name.padEnd(12)} ${minutes(p.ms).padStart(6)}  ${p.ok ? 'ok' : 'FAILED'}`);
  console.log(`${'total'.padEnd(12)} ${minutes(total).padStart(6)}`);
}

// The built SPA is what `npm start` and the browser journeys serve.
if (process.env.E2E_SKIP_BUILD !== '1' && !phase('build', () => run('npm', ['run', 'build', '-w', 'web']) === 0)) {
  summary();
  process.exit(1);
}

let checksFailed = 0;
if (process.env.CHECKS !== '0') {
  if (!phase('typecheck', () => run('npm', ['run', 'typecheck']) === 0)) checksFailed += 1;
  if (!phase('lint', () => run('npm', ['run', 'lint']) === 0)) checksFailed += 1;
}

let broken = false;
if ((process.env.UNIT !== '0' || process.env.E2E !== '0') && !phase('chromium', () => run('bash', ['scripts/ensure-chromium.sh']) === 0)) broken = true;

if (process.env.UNIT !== '0') {
  phase('vitest', () => {
    const out = `${reports}/vitest.json`;
    rmSync(out, { force: true });
    const status = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...process.argv.slice(2)]);
    if (existsSync(out)) {
      const r = JSON.parse(readFileSync(out, 'utf8'));
      totals.passed += r.numPassedTests;
      totals.failed += r.numFailedTests;
      totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
      if (status !== 0 && r.numFailedTests === 0) broken = true; // e.g. a file that failed to load
      if (r.numFailedTests > 0) return false;
    } else if (status !== 0) broken = true;
    return status === 0;
  });
}

if (process.env.E2E !== '0') {
  phase('playwright', () => {
    const out = `${reports}/playwright.json`;
    rmSync(out, { force: true });
    const status = run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
    if (existsSync(out)) {
      const s = JSON.parse(readFileSync(out, 'utf8')).stats;
      totals.passed += s.expected + s.flaky;
      totals.failed += s.unexpected;
      totals.skipped += s.skipped;
      if (status !== 0 && s.unexpected === 0) broken = true;
      if (s.unexpected > 0) return false;
    } else if (status !== 0) broken = true;
    return status === 0;
  });
}

summary();
const failed = totals.failed + (broken ? 1 : 0);
const checks = checksFailed > 0 ? `, ${checksFailed} check${checksFailed === 1 ? '' : 's'} failed (typecheck or lint)` : '';
console.log(`\ntests: ${totals.passed} passed, ${failed} failed, ${totals.skipped} skipped${checks}`);
process.exit(failed + checksFailed > 0 ? 1 : 0);
