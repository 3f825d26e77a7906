import { type CustomerImport, type ErrorBody, type ImportListResponse } from '@receivables/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';

import { customerImport } from '../src/db/schema';
import { importQueue } from '../src/jobs/customer-import.job';
import { deleteAllExpiredImportRows } from '../src/jobs/import-rows-cleanup.job';
import { resumeUnfinishedImports } from '../src/modules/imports/resume-unfinished-imports';
import { runCustomerImport } from '../src/modules/imports/run-customer-import';

import { FIXTURES, openAmounts, readFixture, uploaded, xeroAmountsDue } from './import-helpers';
import {
  createTestDatabase,
  expectError,
  recordingJobQueue,
  signUpWithOrg,
  startTestServer,
  startTestWorker,
  type TestDatabase,
  type TestServer,
  type TestWorker,
  withOrg,
} from './support';

let tdb: TestDatabase;
let worker: TestWorker;
let server: TestServer;
beforeAll(async () => {
  tdb = await createTestDatabase(inject('adminDatabaseUrl'));
  // As `npm start` runs it: one pg-boss, the API sending through it and the worker taking from it.
  worker = await startTestWorker({ db: tdb.db, url: tdb.url });
  server = await startTestServer(tdb.db, {}, worker.jobs);
});
afterAll(async () => {
  await server.close();
  await worker.stop();
  await tdb.drop();
});

describe('an import through the real job queue', () => {
  it('runs upload → start → the worker’s job, and the import reads completed', async () => {
    const user = await signUpWithOrg(server);
    const { api } = user;
    const created = await uploaded(api, readFixture(FIXTURES.xero));
    const started = await api<CustomerImport>('POST', `/api/imports/${created.id}/start`, {
      mapping: created.suggested_mapping,
      default_currency: 'GBP',
      date_order: created.suggested_date_order,
    });
    expect(started.status).toBe(202);
    await expect
      .poll(async () => (await api<CustomerImport>('GET', `/api/imports/${created.id}`)).body.status, { timeout: 20_000, interval: 200 })
      .toBe('completed');
    const done = (await api<CustomerImport>('GET', `/api/imports/${created.id}`)).body;
    expect(done).toMatchObject({ processed_rows: 53, customers_created: 20, invoices_created: 53, rejected_rows: 0 });
    expect(await openAmounts(tdb.db, user.orgId)).toEqual(xeroAmountsDue());
    const queued = await tdb.db.execute<{ singleton_key: string; state: string }>(
      sql`select singleton_key, state from pgboss.job where name = 'customers.import'`,
    );
    // One job per organisation, not per import: its imports run one at a time, others' beside it.
    expect(queued.rows).toEqual([{ singleton_key: user.orgId, state: 'completed' }]);
    const schedules = await tdb.db.execute(sql`select name, cron from pgboss.schedule where name = 'imports.cleanup'`);
    expect(schedules.rows).toEqual([{ name: 'imports.cleanup', cron: '37 3 * * *' }]);
  });
});

describe('imports of different organisations', () => {
  it('run side by side: while organisation B’s large import is running, organisation A’s one-row import completes first', async () => {
    const apiA = (await signUpWithOrg(server)).api;
    const apiB = (await signUpWithOrg(server)).api;
    const rows = Array.from({ length: 30_000 }, (_, i) => `Big Customer ${i % 3000},BIG-${i},31/12/2026,${(i % 97) + 1}.00`);
    const big = await uploaded(apiB, `Name,Num,Due date,Amount\r\n${rows.join('\r\n')}\r\n`);
    const small = await uploaded(apiA, 'Name,Num,Due date,Amount\r\nSmall Ltd,S-1,31/12/2026,12.00\r\n');
    const start = { default_currency: 'GBP', date_order: 'dmy' };
    const status = async (api: typeof apiA, id: string) => (await api<CustomerImport>('GET', `/api/imports/${id}`)).body;

    expect((await apiB('POST', `/api/imports/${big.id}/start`, { ...start, mapping: big.suggested_mapping })).status).toBe(202);
    await expect.poll(async () => (await status(apiB, big.id)).processed_rows, { timeout: 20_000, interval: 100 }).toBeGreaterThan(0);

    expect((await apiA('POST', `/api/imports/${small.id}/start`, { ...start, mapping: small.suggested_mapping })).status).toBe(202);
    await expect.poll(async () => (await status(apiA, small.id)).status, { timeout: 20_000, interval: 100 }).toBe('completed');
    const bigMeanwhile = await status(apiB, big.id);
    expect(bigMeanwhile.status).toBe('running');
    expect(bigMeanwhile.processed_rows).toBeLessThan(30_000);

    await expect.poll(async () => (await status(apiB, big.id)).status, { timeout: 120_000, interval: 500 }).toBe('completed');
  }, 180_000);
});

describe('when a worker starts', () => {
  it('sends the job again for every organisation with an import left queued or running', async () => {
    const user = await signUpWithOrg(server);
    const created = await uploaded(user.api, readFixture(FIXTURES.quickbooks));
    await withOrg(tdb.db, user.orgId, (tx) => tx.update(customerImport).set({ status: 'running' }).where(eq(customerImport.id, created.id)));
    const jobs = recordingJobQueue();
    expect(await resumeUnfinishedImports({ db: tdb.db, imports: importQueue(jobs) })).toBe(1);
    expect(jobs.sent).toEqual([{ name: 'customers.import', data: { orgId: user.orgId }, options: { singletonKey: user.orgId } }]);
  });
});

describe('keeping the rows of an import for 30 days', () => {
  const DAY = 86_400_000;

  it('deletes the rows of imports finished (or left unstarted) more than 30 days ago, keeping their summaries', async () => {
    const user = await signUpWithOrg(server);
    const { api } = user;
    const finish = async (body: string, finishedAt: Date) => {
      const created = await uploaded(api, body);
      await api('POST', `/api/imports/${created.id}/start`, { mapping: created.suggested_mapping, default_currency: 'GBP', date_order: 'dmy' });
      await runCustomerImport({ db: tdb.db, log: { error: () => undefined } }, { orgId: user.orgId, importId: created.id });
      await withOrg(tdb.db, user.orgId, (tx) => tx.update(customerImport).set({ finishedAt }).where(eq(customerImport.id, created.id)));
      return created.id;
    };
    const file = 'Name,Num,Due date,Amount\r\nOld Ltd,OLD-1,31/12/2026,1.00\r\nOld Ltd,OLD-2,31/13/2026,1.00\r\n';
    const now = new Date();
    const old = await finish(file, new Date(now.getTime() - 31 * DAY));
    const recent = await finish(file.replaceAll('OLD-', 'NEW-'), new Date(now.getTime() - 29 * DAY));
    const abandoned = await uploaded(api, file);
    await withOrg(tdb.db, user.orgId, (tx) =>
      tx.update(customerImport).set({ createdAt: new Date(now.getTime() - 40 * DAY) }).where(eq(customerImport.id, abandoned.id)),
    );

    expect(await deleteAllExpiredImportRows({ db: tdb.db, now: () => now })).toBe(4);
    expect(await deleteAllExpiredImportRows({ db: tdb.db, now: () => now })).toBe(0);

    const summary = (await api<CustomerImport>('GET', `/api/imports/${old}`)).body;
    expect(summary).toMatchObject({ status: 'completed', processed_rows: 2, rejected_rows: 1, invoices_created: 1 });
    for (const path of [`/api/imports/${old}/rejected/`, `/api/imports/${old}/rejected.csv`]) {
      const gone = await api<ErrorBody>('GET', path);
      expectError(gone, 404, 'NOT_FOUND');
      expect(gone.body.error.message).toMatch(/no longer kept/);
    }
    expectError(await api('POST', `/api/imports/${abandoned.id}/start`, { mapping: abandoned.suggested_mapping, default_currency: 'GBP', date_order: 'dmy' }), 404, 'NOT_FOUND');
    expect((await api<{ total: number }>('GET', `/api/imports/${recent}/rejected/`)).body.total).toBe(1);
    expect((await api<ImportListResponse>('GET', '/api/imports/')).body.total).toBe(3);
  });
});
