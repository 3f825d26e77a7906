import pg from 'pg';

import { createDatabase, type Database } from '../../src/db/client';
import { runMigrations } from '../../src/db/migrate';

export interface TestDatabase extends Database {
  name: string;
  url: string;
  /** Close the pool and drop the database. */
  drop(): Promise<void>;
}

/** Create a fresh database `test_<random>` on the cluster behind `adminUrl` and migrate it. */
export async function createTestDatabase(adminUrl: string, options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const name = `test_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await adminQuery(adminUrl, `create database ${pg.escapeIdentifier(name)}`);
  const url = withDatabase(adminUrl, name);
  const database = createDatabase(url, { max: 5 });
  if (options.migrate !== false) await runMigrations(database.db);
  return {
    ...database,
    name,
    url,
    async drop() {
      await database.close();
      await adminQuery(adminUrl, `drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
    },
  };
}

/** The same connection URL pointing at another database. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Run one statement on the server's maintenance database (CREATE / DROP / ALTER DATABASE). */
export async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
