import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { startEmbeddedPostgres, withDatabase } from '@receivables/server/testing';
import pg from 'pg';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface BenchDatabase {
  /** The database `name` on the server (it may not exist yet). */
  url: string;
  /** A URL with the right to CREATE / DROP DATABASE. */
  adminUrl: string;
  stop(): Promise<void>;
}

/**
 * Where a benchmark keeps a seeded database between runs: `DATABASE_URL`'s server when set, else an
 * embedded cluster in `.data/bench-pg` that outlives the run (seeding a million customers takes
 * minutes; measuring them again should not).
 */
export async function openBenchDatabase(name: string): Promise<BenchDatabase> {
  if (process.env.DATABASE_URL) {
    const adminUrl = process.env.DATABASE_URL;
    return { adminUrl, url: withDatabase(adminUrl, name), stop: () => Promise.resolve() };
  }
  const cluster = await startEmbeddedPostgres({ dataDir: resolve(REPO_ROOT, '.data/bench-pg'), persistent: true });
  return { adminUrl: cluster.adminUrl, url: cluster.urlFor(name), stop: () => cluster.stop() };
}

/**
 * The first row `text` reads from a kept book's seeding record (`bench_seed`), or undefined when
 * there is no book: no database yet, or no record, which an interrupted seeding leaves.
 */
export async function readSeedRecord<T>(url: string, text: string, values: unknown[]): Promise<T | undefined> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch {
    return undefined; // no database yet
  }
  try {
    return (await client.query(text, values)).rows[0] as T | undefined;
  } catch {
    return undefined; // no bench_seed table: an interrupted seeding
  } finally {
    await client.end();
  }
}

/**
 * Drop the secondary indexes of `tables` (not those behind primary keys or unique constraints),
 * run `fill`, then build them again: one sorted build per index instead of a million insertions
 * into each.
 */
export async function withIndexesDeferred(client: pg.Pool, tables: string[], fill: () => Promise<void>): Promise<void> {
  const found = await client.query<{ name: string; definition: string }>(
    `select i.indexname as name, i.indexdef as definition
     from pg_indexes i
     where i.schemaname = 'public' and i.tablename = any($1)
       and not exists (select 1 from pg_constraint k where k.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)`,
    [tables],
  );
  for (const { name } of found.rows) await client.query(`drop index ${pg.escapeIdentifier(name)}`);
  await fill();
  for (const { definition } of found.rows) await client.query(definition);
}
