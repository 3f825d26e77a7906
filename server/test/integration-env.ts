import { afterAll, beforeAll, inject } from 'vitest';

import type { JobQueue } from '../src/jobs/job-queue';

import {
  type ApiClient,
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
  /** A new user with an organisation of their own; `user.api` calls the API as them. */
  signUp(): Promise<SignedUpUser>;
  /** A client for the server with no session and no token, for what anyone may call. */
  anonymous(): ApiClient;
}

/**
 * A fresh migrated database and a listening server for one test file, torn down afterwards.
 * Jobs the app sends go to `jobs` (by default a recording fake that runs nothing).
 */
export function useIntegrationEnv(
  /** The server's environment; a function is read when the server starts (after earlier beforeAll hooks, e.g. a fake's URL). */
  env: NodeJS.ProcessEnv | (() => NodeJS.ProcessEnv) = {},
  jobs?: JobQueue,
): IntegrationEnv {
  let db: TestDatabase | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    db = await createTestDatabase(inject('adminDatabaseUrl'));
    // A file signs many people up and in from one address: the per-address sign-in limit is the
    // rate-limit tests' to set (rate-limit.int.test.ts, trusted-proxy.int.test.ts), not every file's.
    server = await startTestServer(db.db, { AUTH_RATE_LIMIT_MAX: '1000', ...(typeof env === 'function' ? env() : env) }, jobs);
  });
  afterAll(async () => {
    await server?.close();
    await db?.drop();
  });
  return {
    signUp() {
      return signUpWithOrg(this.server);
    },
    anonymous() {
      return apiClient(this.server);
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
