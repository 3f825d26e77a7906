// A client whose connection died while checked out goes back to the pool even when nobody releases
// it (server/src/db/abandoned-clients.ts): drizzle 0.45 runs BEGIN before the try/finally that
// releases its client, so a connection lost between checkout and BEGIN leaked a client per outage.
import type { Socket } from 'node:net';

import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { createDatabase } from '../src/db/client';

import { createTestDatabase, type TestDatabase } from './support';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase(inject('adminDatabaseUrl'));
});
afterAll(() => tdb.drop());

/** The client's socket (pg keeps it on its connection): destroyed, the connection is lost as in an outage. */
const socketOf = (client: pg.PoolClient) => (client as unknown as { connection: { stream: Socket } }).connection.stream;

describe('a pooled client whose connection dies between checkout and BEGIN', () => {
  it('fails that transaction, then the pool has its client back: the next query answers and the pool can close', { timeout: 30_000 }, async () => {
    const database = createDatabase(tdb.url, { max: 1, abandonedAfterMs: 200 });
    await database.db.execute(sql`select 1`);
    database.pool.once('acquire', (client: pg.PoolClient) => socketOf(client).destroy());

    await expect(database.db.transaction((tx) => tx.execute(sql`select 1`))).rejects.toThrow();
    // drizzle never released that client; with one client in all, this query waited out the
    // pool's connection timeout and failed before the pool took it back.
    const answered = await database.db.execute<{ n: number }>(sql`select 42 as n`);
    expect(answered.rows[0]?.n).toBe(42);
    expect(database.pool.totalCount).toBe(1);
    await database.close();
  });

  it('leaves a client alone whose holder releases it, however long it keeps a dead one', async () => {
    const database = createDatabase(tdb.url, { max: 1, abandonedAfterMs: 100 });
    const client = await database.pool.connect();
    socketOf(client).destroy();
    await new Promise((r) => setTimeout(r, 300));
    // Taken back already; the holder's own release is harmless, not pg-pool's double-release error.
    expect(() => client.release()).not.toThrow();
    expect((await database.db.execute<{ n: number }>(sql`select 7 as n`)).rows[0]?.n).toBe(7);
    await database.close();
  });
});
