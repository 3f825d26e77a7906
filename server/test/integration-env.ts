import { afterAll, beforeAll, inject } from 'vitest';

import type { JobQueue } from '../src/jobs/job-queue';

import { createTestDatabase, startTestServer, type TestDatabase, type TestServer } from './support';

/**
 * A fresh migrated database and a listening server for one test file, torn down afterwards.
 * Jobs the app sends go to `jobs` (by default a recording fake that runs nothing).
 */
export function useIntegrationEnv(
  env: NodeJS.ProcessEnv = {},
  jobs?: JobQueue,
): { readonly db: TestDatabase; readonly server: TestServer } {
  let db: TestDatabase | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    db = await createTestDatabase(inject('adminDatabaseUrl'));
    server = await startTestServer(db.db, env, jobs);
  });
  afterAll(async () => {
    await server?.close();
    await db?.drop();
  });
  return {
    get db() {
      if (!db) throw new Error('integration env not started');
      return db;
    },
    get server() {
      if (!server) throw new Error('integration env not started');
      return server;
    },
  };
}
