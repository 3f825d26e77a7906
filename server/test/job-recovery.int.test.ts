// A worker SIGKILLed in the middle of a long job costs seconds, not the job's pg-boss expiry
// (decision 0034): another worker takes the job back once the dead one has stopped beating, sends
// it again, and the job resumes from what it committed — nothing lost, nothing done twice.
import type { CustomerBulkJob } from '@receivables/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';

import { createTestDatabase, insertCustomers, signUpWithOrg, type TestDatabase, withOrg } from './support';
import { type AppProcess, freePort, startAppProcess } from './support/app-process';

let tdb: TestDatabase;
const running: AppProcess[] = [];
beforeAll(async () => {
  tdb = await createTestDatabase(inject('adminDatabaseUrl'));
});
afterAll(async () => {
  await Promise.all(running.filter((p) => p.child.exitCode === null && p.child.signalCode === null).map((p) => p.stop()));
  await tdb.drop();
});

const CUSTOMERS = 3000;
const WORKER_READY = /worker started/;

/** Hold one customer's row, so the job's batch that reaches it waits: the moment to kill its worker. */
async function holdCustomer(id: string): Promise<{ release: () => Promise<void> }> {
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked = (): void => undefined;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const done = tdb.db.transaction(async (tx) => {
    await tx.execute(sql`select id from customer where id = ${id} for update`);
    locked();
    await released;
  });
  await isLocked;
  return { release: async () => { release(); await done; } };
}

const count = async (orgId: string, query: ReturnType<typeof sql>) =>
  (await withOrg(tdb.db, orgId, (tx) => tx.execute<{ n: number }>(query))).rows[0]?.n ?? 0;

describe('a worker SIGKILLed during a bulk action', () => {
  it('is replaced within a minute: another worker takes the job back and finishes it, every customer changed once', { timeout: 300_000 }, async () => {
    const apiPort = await freePort();
    const origin = `http://127.0.0.1:${apiPort}`;
    const env = { PUBLIC_URL: origin, AUTH_RATE_LIMIT_MAX: '1000', FIGURES_REFRESH_HOURLY: '0' };
    running.push(await startAppProcess('api', { databaseUrl: tdb.url, port: apiPort, ready: /running at/, env }));
    const first = await startAppProcess('worker', { databaseUrl: tdb.url, port: await freePort(), ready: WORKER_READY, env });
    running.push(first);

    const user = await signUpWithOrg({ baseUrl: origin, origin });
    const rows = await insertCustomers(tdb.db, user.orgId, Array.from({ length: CUSTOMERS }, (_, i) => ({ name: `Bulk ${String(i).padStart(4, '0')}`, currency: 'EUR' })));
    const ids = rows.map((r) => r.id).sort();
    // The job works in id order, a thousand a batch: the 1,500th holds the second batch.
    const held = await holdCustomer(ids[1499] ?? '');

    const started = await user.api<CustomerBulkJob>('POST', '/api/customers/bulk', { matching: {}, action: { type: 'pause', until: null } });
    expect(started.status, started.text).toBe(202);
    const read = async () => (await user.api<CustomerBulkJob>('GET', `/api/customers/bulk/${started.body.id}`)).body;
    await expect.poll(async () => (await read()).processed, { timeout: 60_000, interval: 250 }).toBe(1000);

    await first.kill();
    const killedAt = Date.now();
    await held.release();
    const second = await startAppProcess('worker', { databaseUrl: tdb.url, port: await freePort(), ready: WORKER_READY, env });
    running.push(second);

    await expect.poll(async () => (await read()).status, { timeout: 120_000, interval: 500 }).toBe('succeeded');
    const recoveredInMs = Date.now() - killedAt;
    console.log(`job recovery: bulk action of ${CUSTOMERS} customers, its worker SIGKILLed mid-batch; finished by another worker ${(recoveredInMs / 1000).toFixed(1)} s after the kill`);
    expect(second.output()).toMatch(/took back customers\.bulk job/);
    expect(recoveredInMs).toBeLessThan(60_000);

    const done = await read();
    expect(done).toMatchObject({ status: 'succeeded', total: CUSTOMERS, processed: CUSTOMERS, updated: CUSTOMERS, error: null });
    expect(await count(user.orgId, sql`select count(*)::int as n from customer where standing = 'paused'`)).toBe(CUSTOMERS);
    // Once each: the audit log has one pause per customer, not one per attempt.
    expect(await count(user.orgId, sql`select count(*)::int as n from audit_log where action = 'customer.pause'`)).toBe(CUSTOMERS);
    expect(await count(user.orgId, sql`select count(distinct customer_id)::int as n from audit_log where action = 'customer.pause'`)).toBe(CUSTOMERS);
  });
});
