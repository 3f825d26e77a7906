import type { IntegrationEnv } from '../integration-env';

import type { Finding } from './answer-checks';
import type { LoadBook, LoadOutcome } from './mixed-load';
import type { SeededOrganisation } from './organisation-fixture';

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
 * Two parts of the suite still to be written, each a `ResilienceExtension` put in its slot here.
 * An empty slot is a `todo` in the run and "not measured" in the report, never a pass.
 *
 * - **Worker SIGKILL during each long job**: start each long job (a CSV import, a bulk action over
 *   `matching`, the figures refresh, a Stripe sync) on a worker spawned as its own process (the
 *   crash test spawns senders so, `server/test/support/sender-process.ts`, decision 0020), SIGKILL
 *   it mid-job, start another, and report each job's time to recover; a job that never finishes,
 *   or finishes with rows lost or doubled, is a finding.
 * - **PostgreSQL killed and restarted under load**: `context.load` with a `during` that kills the
 *   cluster (immediate shutdown) a few seconds in and starts it again; report the outage as the
 *   clients saw it (answers by status while it was down, time to the first 2xx after), find any
 *   answer off the error shape while it was down (docs/api-conventions.md has 503 for a service we
 *   depend on), and any 5xx at all once it is back.
 */
export const EXTENSIONS: Record<'worker SIGKILL during each long job' | 'PostgreSQL killed and restarted under load', ResilienceExtension | null> = {
  'worker SIGKILL during each long job': null,
  'PostgreSQL killed and restarted under load': null,
};
