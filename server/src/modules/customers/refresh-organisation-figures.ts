import { sql } from 'drizzle-orm';

import { type Db, type Tx, withOrg } from '../../db/client';
import { readOrganisationToday } from '../../org/organisation-today';

import { refreshCustomerFigures } from './refresh-customer-figures';

/**
 * Customers per transaction: each batch is one call of refresh_customer_figures over its ids, so
 * a transaction holds at most this many customers' row locks, for about a second at worst.
 */
export const FIGURES_BATCH = 5_000;

/**
 * Batches in flight at once. Writing a customer whose figures changed adds an entry to each of its
 * fourteen indexes: most of a pass's time when many changed. Two streams of batches (different
 * customers, so never waiting on each other's locks) wrote a million in 57–85 s where one took
 * 105–114 s, on two cores (decision 0018, "The daily figures pass").
 */
export const FIGURES_CONCURRENCY = 2;

/** PostgreSQL errors a batch is simply run again after: a deadlock, a serialisation failure. */
const RETRYABLE = new Set(['40P01', '40001']);

/** Every standing, in the enum's order: the full pass walks each in id order (decision 0018, "The daily figures pass"). */
const STANDINGS = ['in_good_standing', 'single_missed', 'multiple_missed', 'paused'] as const;

export interface FiguresPassOptions {
  /** The clock: a standing that changes was entered then. Default: now. */
  now?: Date;
  /** The organisation's today (YYYY-MM-DD); default its date at `now` in its time zone. */
  today?: string;
  /** Recompute every customer, whatever the record says. */
  full?: boolean;
  /** Customers per transaction. */
  batch?: number;
  /** Batches in flight at once. */
  concurrency?: number;
}

export interface FiguresPassResult {
  /** `window`: only the customers that can have changed since `since`; `full`: every customer. */
  mode: 'window' | 'full';
  /** The day the figures were as of before the pass (null: no record). */
  since: string | null;
  /** The day they are as of now. */
  asOf: string;
  /** Customers recomputed, and how many of them changed. */
  read: number;
  changed: number;
  batches: number;
}

/**
 * Bring one organisation's derived figures and standings to its today (decision 0018, "The daily
 * figures pass"). Invoice and payment writers refresh the customers they touch in their own
 * transaction, so between passes only time changes figures: an open unpaid invoice crossing its
 * due date, a pause running out. The pass recomputes just those customers, since the day the
 * figures were last brought to (`org_settings.figures_as_of`) — or, with no record or a today
 * before it (a clock or time zone moved back), every customer. In batches of ids, each its own
 * short transaction; the record moves only once every batch has committed, so a pass that stops
 * half-way is simply run again, and one after an outage of days covers every day missed.
 */
export async function refreshOrganisationFigures(db: Db, orgId: string, options: FiguresPassOptions = {}): Promise<FiguresPassResult> {
  const now = options.now ?? new Date();
  const batch = options.batch ?? FIGURES_BATCH;
  const { today, since } = await withOrg(db, orgId, async (tx) => ({
    today: options.today ?? (await readOrganisationToday(tx, orgId, now)),
    since: await readFiguresAsOf(tx, orgId),
  }));
  const full = options.full === true || since === null || today < since;
  const result: FiguresPassResult = { mode: full ? 'full' : 'window', since, asOf: today, read: 0, changed: 0, batches: 0 };
  const batches = full ? everyCustomer(db, orgId, batch) : customersChangedSince(db, orgId, since, today, batch);
  // Each stream takes the next batch from the one generator (an async generator hands its values out one by one).
  const stream = async (): Promise<void> => {
    for await (const ids of batches) {
      const changed = await refreshBatch(db, orgId, ids, today, now); // before reading the sum: two streams add to it
      result.changed += changed;
      result.read += ids.length;
      result.batches += 1;
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? FIGURES_CONCURRENCY }, stream));
  await withOrg(db, orgId, (tx) => recordFiguresAsOf(tx, orgId, today));
  return result;
}

/**
 * Every customer, `batch` ids at a time: standing by standing, each in id order, through the
 * list's (org_id, standing, id) index (the primary key alone would walk every organisation's
 * customers). One moved by an earlier batch into a standing walked later is read again and found
 * unchanged.
 */
async function* everyCustomer(db: Db, orgId: string, batch: number): AsyncGenerator<string[]> {
  for (const standing of STANDINGS) {
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const from = after;
      const ids = await readIds(db, orgId, sql`
        select id from customer where org_id = ${orgId} and standing = ${standing} and id > ${from}::uuid
        order by id limit ${batch}`);
      if (ids.length > 0) yield ids;
      if (ids.length < batch) break;
      after = ids.at(-1) ?? after;
    }
  }
}

/**
 * The customers whose figures time alone can have changed between `since` and `today`, in id
 * order, `batch` at a time: an open unpaid invoice whose due date fell in [since, today) is overdue
 * now and was not then (one due today is not overdue yet), and a pause that ran out. The window
 * opens a day before `since`: a write straddling midnight may have refreshed its customer as of
 * the day before and committed after the last pass read the window; reading yesterday's invoices
 * again costs little and leaves no such customer behind for more than an hour. Both reads walk
 * small indexes (invoice_org_open_customer_idx, customer_org_standing_idx).
 */
async function* customersChangedSince(db: Db, orgId: string, since: string, today: string, batch: number): AsyncGenerator<string[]> {
  const ids = await readIds(db, orgId, sql`
    select customer_id as id from invoice
    where org_id = ${orgId} and status = 'open' and amount_remaining > 0
      and due_date >= ${since}::date - 1 and due_date < ${today}::date
    union
    select id from customer
    where org_id = ${orgId} and standing = 'paused' and paused_until <= ${today}::date
    order by 1`);
  for (let i = 0; i < ids.length; i += batch) yield ids.slice(i, i + batch);
}

async function readIds(db: Db, orgId: string, query: ReturnType<typeof sql>): Promise<string[]> {
  return withOrg(db, orgId, async (tx) => (await tx.execute<{ id: string }>(query)).rows.map((r) => r.id));
}

/** One batch in its own transaction; a deadlock with a writer (or a bulk action) runs it again. */
async function refreshBatch(db: Db, orgId: string, ids: string[], today: string, now: Date, attempts = 3): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await refreshCustomerFigures(db, orgId, { customerIds: ids, today, now });
    } catch (error) {
      const code = (error as { code?: unknown }).code ?? (error as { cause?: { code?: unknown } }).cause?.code;
      if (attempt >= attempts || typeof code !== 'string' || !RETRYABLE.has(code)) throw error;
    }
  }
}

/** The day the organisation's figures were last brought to by a pass; null when never. */
export async function readFiguresAsOf(tx: Tx, orgId: string): Promise<string | null> {
  const { rows } = await tx.execute<{ as_of: string | null }>(sql`select figures_as_of as as_of from org_settings where org_id = ${orgId}`);
  return rows[0]?.as_of ?? null;
}

async function recordFiguresAsOf(tx: Tx, orgId: string, today: string): Promise<void> {
  await tx.execute(sql`
    insert into org_settings (org_id, figures_as_of) values (${orgId}, ${today}::date)
    on conflict (org_id) do update set figures_as_of = excluded.figures_as_of`);
}
