import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

import pg from 'pg';
import { describe, expect, it } from 'vitest';

import { REPO_ROOT } from '../src/config';
import { startEmbeddedPostgres } from '../src/db/embedded';

describe('embedded PostgreSQL helper', () => {
  it('starts a throwaway cluster, creates a database, stops and cleans up', async () => {
    // Under .data, not a mkdtemp dir: PostgreSQL runs as the `postgres` user and must reach it.
    const dataDir = join(resolve(REPO_ROOT, '.data'), `test-embedded-${process.pid}`);
    const cluster = await startEmbeddedPostgres({ dataDir, persistent: false, database: 'receivables' });
    try {
      const client = new pg.Client({ connectionString: cluster.urlFor('receivables') });
      await client.connect();
      const { rows } = await client.query<{ db: string }>('select current_database() as db');
      await client.end();
      expect(rows[0]?.db).toBe('receivables');
    } finally {
      await cluster.stop();
    }
    expect(existsSync(dataDir)).toBe(false);
  }, 120_000);
});
