import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

import { REPO_ROOT } from '../../src/config';
import { type EmbeddedCluster, startTemporaryPostgres } from '../../src/db/embedded';

export interface AdminDatabase {
  /** A URL with the right to CREATE / DROP DATABASE. */
  adminUrl: string;
  /** Stops the throwaway cluster, if one was started; a no-op for DATABASE_URL. */
  stop(): Promise<void>;
}

/**
 * The PostgreSQL that tests create their databases on: `DATABASE_URL` when set (its database is
 * only used to connect), otherwise a throwaway embedded cluster in `.data/test-pg-<pid>`.
 */
export async function startAdminDatabase(env: NodeJS.ProcessEnv = process.env): Promise<AdminDatabase> {
  if (env.DATABASE_URL) return { adminUrl: env.DATABASE_URL, stop: () => Promise.resolve() };
  const parent = resolve(REPO_ROOT, '.data');
  mkdirSync(parent, { recursive: true });
  const cluster: EmbeddedCluster = await startTemporaryPostgres(parent, `test-pg-${process.pid}`);
  return { adminUrl: cluster.adminUrl, stop: () => cluster.stop() };
}
