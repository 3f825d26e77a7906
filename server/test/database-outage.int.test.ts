// PostgreSQL dies under the app (decision 0033): while it is down every call is a 503
// DATABASE_UNAVAILABLE with Retry-After, never a 500; the supervisor starts the embedded cluster
// again on the same port; the app recovers by itself, with every acknowledged write still there.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import type { CustomerDetail } from '@receivables/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { REPO_ROOT } from '../src/config';
import { createDatabase, type Database } from '../src/db/client';
import { type EmbeddedCluster, startEmbeddedPostgres } from '../src/db/embedded';
import { runMigrations } from '../src/db/migrate';

import { type SignedUpUser, signUpWithOrg, startTestServer, type TestServer } from './support';

const dataDir = resolve(REPO_ROOT, '.data', `test-outage-${process.pid}`);
const supervisor: string[] = [];
let cluster: EmbeddedCluster;
let database: Database;
let server: TestServer;
let user: SignedUpUser;

beforeAll(async () => {
  cluster = await startEmbeddedPostgres({
    dataDir,
    persistent: false,
    database: 'outage',
    supervise: { onSupervisor: (m) => supervisor.push(m), checkEveryMs: 300 },
  });
  database = createDatabase(cluster.urlFor('outage'), { max: 4 });
  await runMigrations(database.db);
  server = await startTestServer(database.db);
  user = await signUpWithOrg(server);
}, 120_000);

afterAll(async () => {
  await server.close();
  await database.close();
  await cluster.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the embedded database killed under the app', () => {
  it('answers 503 with Retry-After while it is down, restarts it, and recovers with every acknowledged write', { timeout: 120_000 }, async () => {
    const created = await user.api<CustomerDetail>('POST', '/api/customers/', { name: 'Before The Outage Ltd', currency: 'GBP' });
    expect(created.status).toBe(201);

    const postmaster = Number(readFileSync(resolve(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(postmaster, 'SIGKILL');

    const statuses: number[] = [];
    let sawOutage = false;
    let recovered = false;
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline && !recovered) {
      const res = await user.api<{ error?: { code: string } }>('GET', '/api/customers/');
      statuses.push(res.status);
      if (res.status === 503) {
        sawOutage = true;
        expect(res.body.error?.code).toBe('DATABASE_UNAVAILABLE');
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      recovered = sawOutage && res.status === 200;
      await sleep(200);
    }
    expect(statuses.filter((s) => s >= 500 && s !== 503), `statuses: ${statuses.join(',')}`).toEqual([]);
    expect(sawOutage).toBe(true);
    expect(recovered, `statuses: ${statuses.join(',')}`).toBe(true);
    expect(supervisor.join('\n')).toMatch(/restarted/);
    // What was acknowledged before the outage is still there.
    const again = await user.api<CustomerDetail>('GET', `/api/customers/${(created.body).id}/`);
    expect(again.status).toBe(200);
    expect(again.body.name).toBe('Before The Outage Ltd');
  });
});
