import { connect } from 'node:net';

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';

import { customer } from '../src/db/schema';

import { chasingOrganisation, readEvents } from './scheduling-helpers';
import { apiClient, createTestDatabase, insertContact, insertCustomer, insertInvoice, isoDay, type TestDatabase, withOrg } from './support';
import { type AppProcess, freePort, startAppProcess } from './support/app-process';

// `npm start -- --role=api|worker` as a deployment runs it: the real entry (scripts/start.mjs),
// several processes against one PostgreSQL (README, "Scaling out").
let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase(inject('adminDatabaseUrl'));
});
afterAll(() => tdb.drop());

/**
 * How a stopped process exits: 0, or 143 (128 + SIGTERM) when tsx's own signal handler ends it —
 * which it does, on main too, for a process on DATABASE_URL (not on the embedded PostgreSQL).
 */
const STOPPED = [0, 143];

/** Start the app as `npm start -- --role=<role>` does, and wait for the line that says it is up. */
const startRole = (role: 'api' | 'worker', port: number, ready: RegExp): Promise<AppProcess> =>
  startAppProcess(role, { databaseUrl: tdb.url, port, ready });

const listens = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

describe('npm start -- --role', () => {
  it('runs an API that serves and runs no job, and a worker that runs the jobs and serves nothing', { timeout: 240_000 }, async () => {
    const org = await chasingOrganisation(tdb.db);
    const c = await insertCustomer(tdb.db, org.id, { name: 'Waiting for a worker' });
    await insertContact(tdb.db, org.id, c.id, { role: 'primary', email: 'ap@waiting.example' });
    await insertInvoice(tdb.db, org.id, c.id, { amountDue: 10_000, issuedOn: isoDay(-40), dueDate: isoDay(-10) });
    const standing = async () => {
      const [row] = await withOrg(tdb.db, org.id, (tx) => tx.select().from(customer).where(eq(customer.id, c.id)));
      return row?.standing;
    };

    const apiPort = await freePort();
    const api = await startRole('api', apiPort, /is running at/);
    try {
      expect((await apiClient({ baseUrl: `http://127.0.0.1:${apiPort}`, origin: 'http://localhost:3000' })('GET', '/api/health')).status).toBe(200);
      // Long enough for a worker to have refreshed the figures on start: an API process has none.
      await new Promise((r) => setTimeout(r, 4_000));
      expect(api.output()).not.toContain('worker started');
      expect(await standing()).toBe('in_good_standing');
    } finally {
      expect(STOPPED).toContain(await api.stop());
    }

    const workerPort = await freePort();
    const worker = await startRole('worker', workerPort, /worker started/);
    try {
      await expect.poll(standing, { timeout: 30_000, interval: 250 }).toBe('single_missed');
      await expect.poll(async () => (await readEvents(tdb.db, org.id, c.id)).length, { timeout: 30_000, interval: 250 }).toBeGreaterThan(0);
      expect(worker.output()).not.toContain('is running at');
      expect(await listens(workerPort)).toBe(false);
    } finally {
      expect(STOPPED).toContain(await worker.stop());
    }
  });
});
