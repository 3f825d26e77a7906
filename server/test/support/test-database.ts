import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import pg from 'pg';

import { createDatabase, type Database } from '../../src/db/client';
import { MIGRATIONS_DIR, runMigrations } from '../../src/db/migrate';

export interface TestDatabase extends Database {
  name: string;
  url: string;
  /** Close the pool and drop the database. */
  drop(): Promise<void>;
}

/**
 * A fresh database `test_<random>` on the cluster behind `adminUrl`, migrated: copied from a
 * migrated template (CREATE DATABASE … TEMPLATE, a file copy) rather than migrated again, which
 * costs every test file a second or more of DDL. `migrate: false` gives an empty database.
 */
export async function createTestDatabase(adminUrl: string, options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const name = `test_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`;
  if (options.migrate === false) await adminQuery(adminUrl, `create database ${pg.escapeIdentifier(name)}`);
  else await cloneMigratedTemplate(adminUrl, name);
  const url = withDatabase(adminUrl, name);
  const database = createDatabase(url, { max: 5 });
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

/**
 * The template's name says which migrations it holds (a hash of the committed files), so a run
 * never clones a template an older checkout left on a shared server, and a run after a new
 * migration builds its own.
 */
function templateName(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort()) {
    hash.update(file).update(readFileSync(join(MIGRATIONS_DIR, file)));
  }
  return `test_template_${hash.digest('hex').slice(0, 16)}`;
}

const SOURCE_IN_USE = '55006'; // object_in_use: another session is connected to the template
const NO_SUCH_DATABASE = '3D000';

async function cloneMigratedTemplate(adminUrl: string, name: string): Promise<void> {
  const template = templateName();
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(adminUrl, `create database ${pg.escapeIdentifier(name)} template ${pg.escapeIdentifier(template)}`);
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === NO_SUCH_DATABASE && attempt === 0) await buildTemplate(adminUrl, template);
      else if (code === SOURCE_IN_USE && attempt < 50) await new Promise((r) => setTimeout(r, 100));
      else throw error;
    }
  }
}

/**
 * Migrate a template once per cluster and migration set. Test files in several workers (and
 * several runs on one DATABASE_URL) may all find it missing at once: an advisory lock lets one
 * build it, and the template only gets its name once migrated, so nobody clones half of one.
 */
async function buildTemplate(adminUrl: string, template: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [template]);
    const exists = await client.query('select 1 from pg_database where datname = $1', [template]);
    if (exists.rowCount) return;
    const building = `${template}_${process.pid}`;
    await client.query(`drop database if exists ${pg.escapeIdentifier(building)}`);
    await client.query(`create database ${pg.escapeIdentifier(building)}`);
    const database = createDatabase(withDatabase(adminUrl, building), { max: 1 });
    try {
      await runMigrations(database.db);
    } finally {
      await database.close();
    }
    await client.query(`alter database ${pg.escapeIdentifier(building)} rename to ${pg.escapeIdentifier(template)}`);
  } finally {
    await client.query('select pg_advisory_unlock(hashtext($1))', [template]).catch(() => undefined);
    await client.end();
  }
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
