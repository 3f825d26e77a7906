import { afterAll, beforeAll, inject } from 'vitest';

import type { JobQueue } from '../src/jobs/job-queue';

import {
  type ApiCall,
  apiClient,
  createTestDatabase,
  type SignedUpUser,
  signUpWithOrg,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from './support';

export interface IntegrationEnv {
  readonly db: TestDatabase;
  readonly server: TestServer;
  /** A new user with an organisation of their own, and an API client carrying their token. */
  signUp(): Promise<{ user: SignedUpUser; api: ApiCall }>;
}

/**
 * A fresh migrated database and a listening server for one test file, torn down afterwards.
 * Jobs the app sends go to `jobs` (by default a recording fake that runs nothing).
 */
export function useIntegrationEnv(
  env: NodeJS.ProcessEnv = {},
  jobs?: JobQueue,
): IntegrationEnv {
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
    async signUp() {
      const { baseUrl, origin } = this.server;
      const user = await signUpWithOrg(baseUrl, origin);
      return { user, api: apiClient(baseUrl, user.token) };
    },
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
