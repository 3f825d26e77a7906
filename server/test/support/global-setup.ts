import type { TestProject } from 'vitest/node';

import { type AdminDatabase, startAdminDatabase } from './admin-database';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}

let admin: AdminDatabase | undefined;

/** Start (or find) PostgreSQL once per run; each test file makes its own database on it. */
export async function setup(project: TestProject): Promise<void> {
  admin = await startAdminDatabase();
  project.provide('adminDatabaseUrl', admin.adminUrl);
}

export async function teardown(): Promise<void> {
  await admin?.stop();
}
