import { sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';

import { reclaimAbandonedClients } from './abandoned-clients';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle as passed to `db.transaction` callbacks. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** What a use case runs on: the pool, or a transaction it joins (see withOrg). */
export type DbOrTx = Db | Tx;

export interface Database {
  pool: pg.Pool;
  db: Db;
  close(): Promise<void>;
}

// bigint columns are declared mode 'number' in the schema; let raw `sql` results (count(*),
// sum()) come back as numbers too. Safe while amounts stay below 2^53 minor units.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
// Keep `date` columns as 'YYYY-MM-DD' strings: a JS Date would shift them by the time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

/** Open a pool and a drizzle instance over it. */
export function createDatabase(
  connectionString: string,
  options: { max?: number; onError?: (error: Error) => void; abandonedAfterMs?: number } = {},
): Database {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10, connectionTimeoutMillis: 5_000 });
  // An idle client losing its connection must not crash the process (the pool replaces it), but
  // it is worth a log line: it is how a database restart or a network cut first shows.
  pool.on('error', (error) => options.onError?.(error));
  // A client in use whose connection drops (a killed backend, a restart) rejects its query, and
  // also emits 'error', which the pool only listens for on idle clients: unheard, it would crash
  // the process.
  pool.on('connect', (client) => client.on('error', (error) => options.onError?.(error)));
  reclaimAbandonedClients(pool, options.abandonedAfterMs);
  const db = drizzle(pool, { schema });
  return { pool, db, close: () => pool.end() };
}

/** The role org-scoped work runs as; see migration 0002 (row-level security). */
export const APP_ROLE = 'receivables_app';

/**
 * Run `fn` in a transaction scoped to one organisation: the role switch makes row-level security
 * apply even to a superuser connection, and `app.org_id` is what the policies compare with.
 * Callers still filter by org_id themselves; RLS is the second fence, not the first.
 */
export async function withOrg<T>(db: Db | Tx, orgId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const scoped = async (tx: Tx): Promise<T> => {
    // One round trip for both (set_config('role', …, true) is SET LOCAL ROLE): every request pays it.
    await tx.execute(sql`select set_config('app.org_id', ${orgId}, true), set_config('role', ${APP_ROLE}, true)`);
    return fn(tx);
  };
  // Inside a transaction already (an idempotent request stores its answer in the same one), this
  // is a savepoint: the use case's work and the stored answer commit or roll back together.
  return db.transaction(scoped);
}
