import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { CustomerListResponse, InboundCounts } from '@receivables/contracts';
import { afterAll, describe, expect, it } from 'vitest';

import { REPO_ROOT } from '../src/config';

import { apiClient, okBody } from './support';
import { freePort } from './support/app-process';

// `npm start` as a first-time user runs it: the real entry (scripts/start.mjs), the embedded
// PostgreSQL in a fresh data directory, the demo seed, then a clean stop and a second start.
const dataDir = mkdtempSync(join(tmpdir(), 'receivables-start-'));
// Like ./.data: PostgreSQL runs as its own user when we are root and must be able to enter it.
chmodSync(dataDir, 0o755);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Started {
  child: ChildProcess;
  output: () => string;
  url: string;
  password: string;
}

async function start(port: number): Promise<Started> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' };
  delete env.DATABASE_URL;
  delete env.DEMO_PASSWORD;
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const url = /is running at (\S+)/.exec(text)?.[1];
    const password = /Demo sign-in: demo@example\.com \/ (\S+)/.exec(text)?.[1];
    if (url && password) return { child, output: () => text, url, password };
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`npm start did not come up:\n${text}`);
}

async function stop(started: Started): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => started.child.once('exit', (code) => resolve(code)));
  started.child.kill('SIGTERM');
  return exited;
}

async function topDebtors(started: Started): Promise<CustomerListResponse> {
  const session = apiClient({ baseUrl: started.url, origin: started.url });
  okBody(await session('POST', '/api/auth/sign-in/email', { email: 'demo@example.com', password: started.password }));
  const filter = encodeURIComponent('[{"field":"amount_overdue","operator":"gt","value":0}]');
  const signedIn = session.withToken(await session.mintToken());
  return okBody(await signedIn<CustomerListResponse>('GET', `/api/customers/?limit=5&sort_field=amount_overdue&sort_order=desc&filter_str=${filter}`));
}

/** The demo's inbox: what its customers wrote back, and one from a stranger waiting to be attached. */
async function demoInbox(started: Started): Promise<InboundCounts> {
  const session = apiClient({ baseUrl: started.url, origin: started.url });
  okBody(await session('POST', '/api/auth/sign-in/email', { email: 'demo@example.com', password: started.password }));
  const signedIn = session.withToken(await session.mintToken());
  return okBody(await signedIn<InboundCounts>('GET', '/api/inbound/counts/'));
}

describe('npm start', () => {
  it('serves the app with demo data, stops cleanly, and keeps the data for the next start', { timeout: 240_000 }, async () => {
    const port = await freePort();
    const first = await start(port);
    expect(first.url).toBe(`http://localhost:${port}`);
    const spa = await apiClient({ baseUrl: first.url, origin: first.url })('GET', '/home');
    expect(spa.status).toBe(200);
    expect(spa.text).toContain('<div id="root">');

    const before = await topDebtors(first);
    expect(before.rows).toHaveLength(5);
    const amounts = before.rows.map((r) => r.amount_overdue);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    expect(amounts.every((a) => a > 0)).toBe(true);
    expect(await demoInbox(first)).toEqual({ unread: 5, unassigned: 1 });
    expect(await stop(first)).toBe(0);
    expect(first.output()).toContain('seeded the demo organisation');

    const second = await start(port);
    expect(second.password).toBe(first.password);
    expect(second.output()).not.toContain('seeded the demo organisation');
    expect(await topDebtors(second)).toEqual(before);
    expect(await stop(second)).toBe(0);
  });
});
