import { sql } from 'drizzle-orm';
import pg from 'pg';

import type { Db } from '../support';

/**
 * One customer row held `FOR UPDATE` in a session of its own (its own connection, not one of the
 * test pool's few), so the job's batch that reaches it waits there with its earlier batches
 * committed: a moment mid-job to kill its worker at, found by asking PostgreSQL rather than by
 * sleeping and hoping (job-recovery.int.test.ts holds a row the same way).
 */
export interface HeldRow {
  /** Whether a statement of another session is waiting for this row now. */
  isWaitedOn: () => Promise<boolean>;
  /** Let the waiting statement go on. Safe to call again. */
  release: () => Promise<void>;
}

export async function holdCustomerRow(databaseUrl: string, observer: Db, customerId: string): Promise<HeldRow> {
  const client = new pg.Client({ connectionString: databaseUrl });
  // A session ended under it (the database dropped at the end of a failed run) must not crash the test process.
  client.on('error', () => undefined);
  await client.connect();
  await client.query('begin');
  const locked = await client.query('select id from customer where id = $1 for update', [customerId]);
  if (locked.rowCount !== 1) throw new Error(`no customer ${customerId} to hold`);
  const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid ?? 0;
  let released: Promise<void> | undefined;
  return {
    // Asked from another session: pg_stat_activity is a snapshot for the length of a transaction.
    isWaitedOn: async () =>
      ((await observer.execute<{ n: number }>(sql`select count(*)::int as n from pg_stat_activity where ${pid}::int = any(pg_blocking_pids(pid))`)).rows[0]?.n ?? 0) > 0,
    release: () => (released ??= client.query('rollback').then(() => client.end())),
  };
}

/** Poll `holds` until it is true; an error naming `what` if it is not within `timeoutMs`. */
export async function waitUntil(what: string, holds: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await holds())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
