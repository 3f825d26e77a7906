// `npm test`: every test in the project, then one summary line.
//   1. the web app is built (`npm start` and the browser journeys serve the built SPA);
//   2. Vitest runs unit + integration tests (real PostgreSQL: embedded, or DATABASE_URL);
//   3. Debian's Chromium is installed if missing (scripts/ensure-chromium.sh);
//   4. Playwright runs the browser journeys in Chromium.
// Extra arguments are passed to Vitest only; E2E=0 skips the browser tests, UNIT=0 skips Vitest.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const reports = `${root}.data/test-reports`;
mkdirSync(reports, { recursive: true });
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const totals = { passed: 0, failed: 0, skipped: 0 };
let broken = false;

// The built SPA is what `npm start` and the browser journeys serve.
if (process.env.E2E_SKIP_BUILD !== '1' && run('npm', ['run', 'build', '-w', 'web']) !== 0) process.exit(1);

if (process.env.UNIT !== '0') {
  const out = `${reports}/vitest.json`;
  rmSync(out, { force: true });
  const status = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...process.argv.slice(2)]);
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    if (status !== 0 && r.numFailedTests === 0) broken = true; // e.g. a file that failed to load
  } else if (status !== 0) broken = true;
}

if (process.env.E2E !== '0') {
  if (run('bash', ['scripts/ensure-chromium.sh']) !== 0) process.exit(1);
  const out = `${reports}/playwright.json`;
  rmSync(out, { force: true });
  const status = run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
  if (existsSync(out)) {
    const s = JSON.parse(readFileSync(out, 'utf8')).stats;
    totals.passed += s.expected + s.flaky;
    totals.failed += s.unexpected;
    totals.skipped += s.skipped;
    if (status !== 0 && s.unexpected === 0) broken = true;
  } else if (status !== 0) broken = true;
}

const failed = totals.failed + (broken ? 1 : 0);
console.log(`\ntests: ${totals.passed} passed, ${failed} failed, ${totals.skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
