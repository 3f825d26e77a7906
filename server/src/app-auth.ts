import type { AccountMailer } from './auth/account-mail';
import { type Auth, createAuth } from './auth/create-auth';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import { createStarterWorkflow } from './modules/workflows/create-starter-workflow';

/**
 * better-auth wired to the product: auth/ knows no domain module, so what a new organisation starts
 * with is given here, once, for the app, the first start's demo seed and the tests alike.
 */
export function createAppAuth(db: Db, config: AppConfig, mailer: AccountMailer): Auth {
  return createAuth(db, config, mailer, { organisationCreated: (tx, orgId) => createStarterWorkflow(tx, orgId) });
}
