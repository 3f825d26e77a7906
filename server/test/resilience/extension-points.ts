import type { IntegrationEnv } from '../integration-env';

import type { Finding } from './answer-checks';
import { databaseKillExtension } from './database-kill-extension';
import type { LoadBook, LoadOutcome } from './mixed-load';
import type { SeededOrganisation } from './organisation-fixture';
import { workerKillExtension } from './worker-kill-extension';

/** What an extension is given: the suite's server and database, and its load. */
export interface ExtensionContext {
  env: IntegrationEnv;
  /** The test cluster's admin URL (vitest's `inject('adminDatabaseUrl')`), for a disturbance that needs the cluster itself. */
  adminDatabaseUrl: string;
  /** A new organisation with its team and a made-up book of `customers` customers, ready to load or to give long jobs. */
  organisation(customers: number): Promise<{ org: SeededOrganisation; book: LoadBook }>;
  /** The suite's mixed load over `book`, with `during` run alongside it (the disturbance) and awaited at the end. */
  load(options: { book: LoadBook; seconds: number; during?: (elapsedMs: () => number) => Promise<void> }): Promise<LoadOutcome>;
}

/** What an extension measured: rows for the report's table, and what it found wrong (the test fails on any). */
export interface ExtensionResult {
  rows: [label: string, value: string][];
  findings: Finding[];
}

export interface ResilienceExtension {
  run(context: ExtensionContext): Promise<ExtensionResult>;
}

/**
 * The suite's fault parts, each a `ResilienceExtension` in its slot here; they run in the full suite
 * (`npm run test:resilience`). An empty slot is a `todo` in the run and "not measured" in the report,
 * never a pass.
 *
 * - **Worker SIGKILL during each long job** (`worker-kill-extension.ts`, the jobs in `long-jobs.ts`):
 *   an API and a worker process (`npm start -- --role`) on a database of their own; the figures
 *   refresh (6,000 customers), a CSV import (5,000 rows), a bulk pause over `matching` (3,000
 *   customers), a Stripe sync (fake Stripe, 1,000 customers) and an organisation's scheduling pass
 *   (2,000 customers), each on its own organisation and each held mid-way, its first batches
 *   committed, by a row lock or a held Stripe page; the worker SIGKILLed and another started
 *   (decision 0034). Reports each job's time from the kill until its record says finished and
 *   pg-boss holds no job of it; finds a job not finished within 60 s, and rows lost or doubled
 *   (customers, invoices, audit entries, planned emails, standing transitions, the jobs' own
 *   counts). The delivery send is delivery-crash.int.test.ts's (decision 0020).
 * - **PostgreSQL killed and restarted under load** (`database-kill-extension.ts`): on a supervised
 *   embedded cluster of its own (never the suite's), `context.load` for 60 s with a `during` that
 *   SIGKILLs the postmaster 5 s in and leaves the supervisor to start it again (decision 0033);
 *   reports the outage as the clients saw it (answers by status while it was down, its length, the
 *   time from the kill to the first 2xx, the load after recovery and its p50/p95/p99); finds any
 *   answer while it was down that is neither a 2xx nor a 503 DATABASE_UNAVAILABLE with Retry-After
 *   (a dropped connection included), any 5xx once it is back, and any acknowledged write missing.
 */
export const EXTENSIONS: Record<'worker SIGKILL during each long job' | 'PostgreSQL killed and restarted under load', ResilienceExtension | null> = {
  'worker SIGKILL during each long job': workerKillExtension,
  'PostgreSQL killed and restarted under load': databaseKillExtension,
};
