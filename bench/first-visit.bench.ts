// What a first visit costs, fetched from the real server as a browser would (decisions 0004, 0012):
//
// 1. Bytes. The scripts and stylesheets a cold /home (signed in) and a cold /signin had loaded when
//    their content showed in headless Chromium, and the largest chunk /home did not load, in gzip
//    as served and uncompressed, each against a baseline measured in the same run: every built
//    script and stylesheet, what a first visit would load without route splitting. The app shell
//    (index.html and what it names) is also weighed brotli against identity, as sent before 0012.
// 2. Time. The median over cold loads (a fresh browser context each) from navigation to the Top
//    debtors table showing its rows, against a baseline measured in the same run: a static page of
//    the same server and port, a plain HTML copy of that table, to its table showing.
//
// Fails when a page never shows its content or throws, when Home ranks the wrong debtors, or
// when hashed assets are not served immutable and index.html revalidated. Writes the figures to
// bench/results/latest.json (under "first-visit"). It builds nothing: it measures web/dist as it is, or the build
// BENCH_WEB_DIST names (another commit's, to compare).
//
//   npm run build -w web && npm run bench -- first-visit      (embedded PostgreSQL, or DATABASE_URL)
//   BENCH_FIRST_VISIT_LOADS=1 npm run bench -- first-visit     (a smoke run)
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { createTestDatabase, recordingJobQueue, startAdminDatabase, startTestServer } from '@receivables/server/testing';

import { REPO_ROOT } from '../server/src/config';

import { coldLoad, launchChromium, median } from './support/cold-load';
import { seedTopDebtors, signUpInBrowser, STATIC_TOP_DEBTORS_HTML, type StorageState } from './support/first-visit-fixtures';
import { recordResults } from './support/results';

const LOADS = Number(process.env.BENCH_FIRST_VISIT_LOADS ?? 10);
if (!Number.isInteger(LOADS) || LOADS < 1) throw new Error(`BENCH_FIRST_VISIT_LOADS must be a whole number from 1, not ${process.env.BENCH_FIRST_VISIT_LOADS}`);
const TOP_DEBTORS = 'table[aria-label="Top debtors"]:not([aria-busy="true"]) tbody tr';
const SIGN_IN_FORM = 'input[type="password"]';
const STATIC_PAGE = '/first-visit-static.html';

const dist = resolve(process.env.BENCH_WEB_DIST ?? join(REPO_ROOT, 'web/dist'));
if (!existsSync(join(dist, 'index.html'))) {
  console.error(`No web build at ${dist}: run \`npm run build -w web\` first (this benchmark builds nothing).`);
  process.exit(1);
}
// The server serves a copy of the build with the static baseline page beside it; web/dist is left as built.
const served = mkdtempSync(join(tmpdir(), 'first-visit-web-'));
cpSync(dist, served, { recursive: true });
writeFileSync(join(served, STATIC_PAGE), STATIC_TOP_DEBTORS_HTML);

const admin = await startAdminDatabase();
const database = await createTestDatabase(admin.adminUrl);
const server = await startTestServer(database.db, { WEB_DIST: served }, recordingJobQueue());
const browser = await launchChromium();
try {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const shell = ['/', ...[...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] ?? '')];
  const built = readdirSync(join(dist, 'assets')).filter((f) => /\.(js|css)$/.test(f)).map((f) => `/assets/${f}`);
  for (const [name, paths] of [['app shell (first paint)', shell], ['every screen', ['/', ...built]]] as const) {
    const baseline = await wireBytes(paths, 'identity');
    const now = await wireBytes(paths, 'br, gzip');
    console.log(`${name}: ${paths.length} files, ${kib(baseline)} uncompressed (baseline) → ${kib(now)} brotli on the wire; ratio ${(now / baseline).toFixed(3)}`);
  }
  const asset = shell.find((p) => p.endsWith('.js')) ?? '';
  const assetCache = (await fetch(`${server.baseUrl}${asset}`)).headers.get('cache-control');
  const indexCache = (await fetch(`${server.baseUrl}/`)).headers.get('cache-control');
  console.log(`cache-control: ${asset} → ${assetCache}; / → ${indexCache}`);
  if (assetCache !== 'public, max-age=31536000, immutable' || indexCache !== 'no-cache') throw new Error('caching headers are not as decision 0012 says');

  const account = await signUpInBrowser(browser, server);
  const ranked = await seedTopDebtors(database.db, account.orgId);
  const url = (path: string) => `${server.baseUrl}${path}`;

  // Bytes: one untimed cold load of each page (which also warms the browser up for the timings).
  const everyScreen = await weigh(built);
  const home = await weigh((await coldLoad(browser, url('/home'), TOP_DEBTORS, account.state)).assets);
  const signin = await weigh((await coldLoad(browser, url('/signin'), SIGN_IN_FORM)).assets);
  const lazy = (await Promise.all(built.filter((p) => p.endsWith('.js') && !home.paths.includes(p)).map(async (p) => ({ path: p, ...(await weigh([p])) }))))
    .sort((a, b) => b.gzip - a.gzip)[0];
  if (!lazy) throw new Error('no lazy chunk: /home loaded every script');
  const bytes = { home, signin, largestLazyChunk: lazy };
  for (const [name, figures] of Object.entries(bytes)) {
    const label = 'path' in figures ? `largest lazy chunk ${figures.path.replace('/assets/', '')}` : `/${name} initial JS+CSS`;
    console.log(
      `${label}: ${files(figures.paths.length)}, ${kb(figures.gzip)} gzip (${kb(figures.raw)} uncompressed); baseline every screen ` +
        `${files(everyScreen.paths.length)}, ${kb(everyScreen.gzip)} gzip (${kb(everyScreen.raw)}); ratio ${(figures.gzip / everyScreen.gzip).toFixed(3)}`,
    );
  }

  // Time: static baseline and Home alternate, so a busy moment of the machine hits both.
  const staticMs: number[] = [];
  const homeMs: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    staticMs.push((await coldLoad(browser, url(STATIC_PAGE), TOP_DEBTORS)).visibleMs);
    homeMs.push((await coldLoad(browser, url('/home'), TOP_DEBTORS, account.state)).visibleMs);
  }
  await expectRanking(url('/home'), account.state, ranked);
  const [medianMs, staticMedianMs] = [median(homeMs), median(staticMs)];
  const time = { loads: LOADS, medianMs, staticMedianMs, ratio: medianMs / staticMedianMs, homeMs, staticMs };
  console.log(
    `time to Top debtors visible: median ${time.medianMs.toFixed(0)} ms of ${LOADS} cold load${LOADS === 1 ? '' : 's'}; ` +
      `baseline static page ${time.staticMedianMs.toFixed(0)} ms; ratio ${time.ratio.toFixed(2)}`,
  );

  const summary = (f: Weighed) => ({ files: f.paths.length, gzipBytes: f.gzip, rawBytes: f.raw, paths: f.paths });
  recordResults('first-visit', {
    browser: `Chromium ${browser.version()}`,
    home: { ...summary(home), ratioToEveryScreen: home.gzip / everyScreen.gzip },
    signin: { ...summary(signin), ratioToEveryScreen: signin.gzip / everyScreen.gzip },
    largestLazyChunk: { name: lazy.path.replace('/assets/', ''), gzipBytes: lazy.gzip, rawBytes: lazy.raw, ratioToEveryScreen: lazy.gzip / everyScreen.gzip },
    everyScreen: { files: everyScreen.paths.length, gzipBytes: everyScreen.gzip, rawBytes: everyScreen.raw },
    timeToTopDebtors: time,
  });
} finally {
  await browser.close();
  await server.close();
  await database.drop();
  await admin.stop();
  rmSync(served, { recursive: true, force: true });
}

/** Home's table, once more, must rank the seeded debtors: a fast page showing the wrong rows is a failure. */
async function expectRanking(homeUrl: string, state: StorageState, ranked: string[]): Promise<void> {
  const context = await browser.newContext({ storageState: state });
  try {
    const page = await context.newPage();
    await page.goto(homeUrl);
    // Not while busy: the loading rows are five too, with nothing in them.
    const names = page.locator(`${TOP_DEBTORS} td:first-child`);
    await names.nth(ranked.length - 1).waitFor({ timeout: 30_000 });
    const shown = await names.allTextContents();
    if (JSON.stringify(shown) !== JSON.stringify(ranked)) throw new Error(`Home ranked ${JSON.stringify(shown)}, not ${JSON.stringify(ranked)}`);
  } finally {
    await context.close();
  }
}

interface Weighed {
  paths: string[];
  gzip: number;
  raw: number;
}

/** Each path's bytes as served with gzip, and uncompressed (a file too small to be worth it goes as it is). */
async function weigh(paths: readonly string[]): Promise<Weighed> {
  return { paths: [...paths], gzip: await wireBytes(paths, 'gzip'), raw: await wireBytes(paths, 'identity') };
}

async function wireBytes(paths: readonly string[], acceptEncoding: string): Promise<number> {
  let total = 0;
  for (const path of paths) {
    // Node's fetch decompresses transparently; the Content-Length is what crossed the wire.
    const res = await fetch(`${server.baseUrl}${path}`, { headers: { 'accept-encoding': acceptEncoding } });
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    const length = Number(res.headers.get('content-length') ?? (await res.arrayBuffer()).byteLength);
    if (res.headers.get('content-length')) await res.arrayBuffer();
    total += length;
  }
  return total;
}

function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

function files(count: number): string {
  return `${count} file${count === 1 ? '' : 's'}`;
}

/** kB as the issue and Vite's build report count them: 1,000 bytes. */
function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}
