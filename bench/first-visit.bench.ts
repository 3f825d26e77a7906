// What a first visit downloads: index.html and every script and stylesheet it names (the app
// shell), and every built script and stylesheet (the whole app, all screens visited), fetched
// from the real server as a browser would — against a baseline measured in the same run: the same
// files without compression (`Accept-Encoding: identity`), which is what was sent before
// decision 0012. Prints bytes on the wire and the ratio compressed / baseline (lower is better),
// and fails unless hashed assets are served immutable and index.html is revalidated.
//
//   npm run build -w web && npm run bench -- first-visit
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { createTestDatabase, recordingJobQueue, startAdminDatabase, startTestServer } from '@receivables/server/testing';

import { REPO_ROOT } from '../server/src/config';

const dist = join(REPO_ROOT, 'web/dist');
if (!existsSync(join(dist, 'index.html'))) throw new Error('No web build: run `npm run build -w web` first');

const admin = await startAdminDatabase();
const database = await createTestDatabase(admin.adminUrl);
const server = await startTestServer(database.db, { WEB_DIST: dist }, recordingJobQueue());
try {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const shell = ['/', ...[...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] ?? '')];
  const everything = ['/', ...readdirSync(join(dist, 'assets')).filter((f) => /\.(js|css)$/.test(f)).map((f) => `/assets/${f}`)];

  for (const [name, paths] of [['app shell (first paint)', shell], ['every screen', everything]] as const) {
    const baseline = await wireBytes(paths, 'identity');
    const now = await wireBytes(paths, 'br, gzip');
    console.log(
      `${name}: ${paths.length} files, ${kib(baseline)} uncompressed (baseline) → ${kib(now)} brotli on the wire; ratio ${(now / baseline).toFixed(3)}`,
    );
  }

  const asset = shell.find((p) => p.endsWith('.js')) ?? '';
  const assetCache = (await fetch(`${server.baseUrl}${asset}`)).headers.get('cache-control');
  const indexCache = (await fetch(`${server.baseUrl}/`)).headers.get('cache-control');
  console.log(`cache-control: ${asset} → ${assetCache}; / → ${indexCache}`);
  if (assetCache !== 'public, max-age=31536000, immutable' || indexCache !== 'no-cache') throw new Error('caching headers are not as decision 0012 says');
} finally {
  await server.close();
  await database.drop();
  await admin.stop();
}

async function wireBytes(paths: readonly string[], acceptEncoding: string): Promise<number> {
  let total = 0;
  for (const path of paths) {
    // Node's fetch decompresses transparently; the Content-Length is what crossed the wire.
    const res = await fetch(`${server.baseUrl}${path}`, { headers: { 'accept-encoding': acceptEncoding } });
    const length = Number(res.headers.get('content-length') ?? (await res.arrayBuffer()).byteLength);
    if (res.headers.get('content-length')) await res.arrayBuffer();
    total += length;
  }
  return total;
}

function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}
