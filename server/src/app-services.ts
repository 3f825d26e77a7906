import type Stripe from 'stripe';

import type { AccountMailer } from './auth/account-mail';
import type { Auth } from './auth/create-auth';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import type { OperationLog } from './lib/operation-log';
import type { CustomerBulkQueue } from './modules/customers/customer-bulk-queue';
import type { ImportQueue } from './modules/imports/import-queue';
import type { MailDeps } from './modules/mail/mail-deps';
import type { StripeSyncQueue } from './modules/stripe/account-record';
import type { BulkJobQueue } from './org/bulk-job-queue';
import type { SchedulingQueue } from './org/scheduling-queue';

/**
 * What the app builds once (app.ts) and any route module may ask for: its definition's `needs`
 * picks what its plugin is given (plugins/route-definition.ts). A module's own settings are in
 * `config`, under its name (config.ts composes them).
 */
export interface AppServices {
  db: Db;
  config: AppConfig;
  /** better-auth, whose routes are mounted at /api/auth. */
  auth: Auth;
  /** Account emails: resets, address checks, invitations (decision 0025). */
  accountMail: AccountMailer;
  /** The secrets box, the default mail server and the SMTP timeouts, for anything that sends or reads mail settings. */
  mail: MailDeps;
  /** The Stripe SDK over the app's key; null while none is set (decision 0022). */
  stripe: Stripe | null;
  /** Ports to the worker: each is owned by the module that sends the work, and implemented by jobs/. */
  queues: {
    imports: ImportQueue;
    /** Runs bulk actions over every match in the background (decision 0008). */
    bulk: CustomerBulkQueue;
    /** Runs bulk Send now and Cancel over planned emails in the background (decision 0045). */
    eventBulk: BulkJobQueue;
    /** Reconciles an organisation's chasing after a workflow or settings change. */
    scheduling: SchedulingQueue;
    stripeSyncs: StripeSyncQueue;
  };
  /** The app's log, for work outside a request's own. */
  log: OperationLog;
}
