import { adminQuery, createDatabase, type Database, runMigrations, withDatabase } from '@receivables/server/testing';
import pg from 'pg';

import { type BenchDatabase, openBenchDatabase, readSeedRecord } from './bench-database';

export interface SeededCopy<T> {
  database: Database;
  /** What the recipe's seeding returned (organisation ids and the like), kept beside the book. */
  seeded: T;
  /** Days from the seeding to the database's today: a book dated from its seeding day is that much older. */
  daysSinceSeeding: number;
  /** Drop the copy (the seeded book stays for the next run). */
  drop(): Promise<void>;
}

export interface SeedRecipe<T> {
  /** Bump when the seeding changes what the book holds: an older book is seeded again. */
  version: number;
  /** Fill the freshly migrated database; what it returns must survive JSON. */
  seed: (database: Database) => Promise<T>;
}

/**
 * A benchmark's book that outlives the run (in `openBenchDatabase`'s cluster, as the customer
 * list's does), and a fresh copy of it to measure on: a benchmark that changes what it measures
 * (pausing every customer) starts from the same state each run without seeding it again, which
 * took most of its time. The copy is PostgreSQL's own (CREATE DATABASE … TEMPLATE, copying the
 * files): seconds where seeding took minutes. It has one name per book, replaced by the next run,
 * so a run cut short leaves no copies piling up. BENCH_FRESH=1 seeds again whatever is there (the
 * smoke test, so the seeding itself is tried). Migrations added since the seeding are applied to
 * the book before it is copied.
 */
export async function openSeededCopy<T>(name: string, recipe: SeedRecipe<T>): Promise<SeededCopy<T>> {
  const store = await openBenchDatabase(name);
  const copyName = `${name}_run`;
  const dropCopy = () => adminQuery(store.adminUrl, `drop database if exists ${pg.escapeIdentifier(copyName)} with (force)`);
  try {
    const found = process.env.BENCH_FRESH === '1' ? undefined : await readSeedRecord<{ seeded: T; days: number }>(
      store.url,
      'select seeded, current_date - seeded_at::date as days from bench_seed where version = $1',
      [recipe.version],
    );
    if (found) await migrate(store.url);
    const seeded = found?.seeded ?? (await seed(store, name, recipe));
    await dropCopy();
    await copyDatabase(store.adminUrl, name, copyName);
    const database = createDatabase(withDatabase(store.url, copyName), { max: 5 });
    return {
      database,
      seeded,
      daysSinceSeeding: found?.days ?? 0,
      drop: async () => {
        await database.close();
        await dropCopy();
        await store.stop();
      },
    };
  } catch (error) {
    await dropCopy().catch(() => undefined);
    await store.stop();
    throw error;
  }
}

async function seed<T>(store: BenchDatabase, name: string, recipe: SeedRecipe<T>): Promise<T> {
  await adminQuery(store.adminUrl, `drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
  await adminQuery(store.adminUrl, `create database ${pg.escapeIdentifier(name)}`);
  const database = createDatabase(store.url, { max: 5 });
  try {
    await runMigrations(database.db);
    const seeded = await recipe.seed(database);
    await database.pool.query('vacuum analyze');
    // Written last: a seeding cut short leaves no row, and the next run seeds again.
    await database.pool.query('create table bench_seed (version int, seeded jsonb, seeded_at timestamptz default now())');
    await database.pool.query('insert into bench_seed (version, seeded) values ($1, $2)', [recipe.version, JSON.stringify(seeded)]);
    return seeded;
  } finally {
    await database.close();
  }
}

async function migrate(url: string): Promise<void> {
  const database = createDatabase(url, { max: 1 });
  try {
    await runMigrations(database.db);
  } finally {
    await database.close();
  }
}

/**
 * CREATE DATABASE … TEMPLATE needs the template to have no sessions; ours have just closed, but a
 * backend may take a moment to leave, so a refusal for that reason is tried again.
 */
async function copyDatabase(adminUrl: string, from: string, to: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await adminQuery(adminUrl, `create database ${pg.escapeIdentifier(to)} template ${pg.escapeIdentifier(from)} strategy file_copy`);
      return;
    } catch (error) {
      const busy = error instanceof Error && /being accessed by other users/.test(error.message);
      if (!busy || attempt === 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
