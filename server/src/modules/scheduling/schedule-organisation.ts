import { organisationToday } from '@receivables/contracts';
import { sql } from 'drizzle-orm';

import { type Db, withOrg } from '../../db/client';

import { loadPlanContext, type PlanContext } from './plan-context';
import { addSummaries, noChanges, reconcileCustomers, type ReconcileSummary } from './reconcile-customers';

/** Customers per transaction: big enough for the set-based reads to pay off, small enough to keep locks short. */
export const SCHEDULE_CHUNK = 500;

/** PostgreSQL errors a chunk is simply run again after: a deadlock, a serialisation failure, a row deleted under it. */
const RETRYABLE = new Set(['40P01', '40001', '23503']);

/**
 * Reconcile every customer of one organisation that has, or may have, something to plan: each one
 * in a chasing standing, then each other one with a future pending event (to supersede it). In
 * chunks of customers in id order, one transaction each, so a pass over a million customers
 * never holds more than one chunk's locks and a failure loses one chunk's work. Running it twice,
 * or in two workers at once, creates nothing twice (decision 0018). The organisation's settings
 * and workflows are read once per pass; a chunk that meets a workflow or template deleted
 * meanwhile (a foreign key error) reads them again and runs again.
 */
export async function scheduleOrganisation(db: Db, orgId: string, now: Date, options: PassOptions = {}): Promise<ReconcileSummary> {
  const chunk = options.chunk ?? SCHEDULE_CHUNK;
  const pass: Pass = { db, orgId, now, chunk, context: await readContext(db, orgId) };
  // A customer planned from its current episode whose review is not due has nothing to do (next-review.ts).
  const due = options.onlyDue
    ? sql`and (plan_episode is distinct from standing_since or plan_review_at <= ${now.toISOString()}::timestamptz)`
    : sql``;
  let summary = noChanges();
  for (const standing of ['single_missed', 'multiple_missed'] as const) {
    summary = addSummaries(summary, await inChunks(pass, (after) => sql`
      select id from customer
      where org_id = ${orgId} and standing = ${standing} and id > ${after}::uuid ${due}
      order by id limit ${chunk}`));
  }
  // Reminders before a due date (decision 0036), when a workflow has any: customers in good
  // standing with an invoice coming due. Every change to their invoices reconciles them at once,
  // so the hourly pass reads only those whose review time has come or whose standing moved.
  if ([...pass.context.workflows.values()].some((w) => w.steps.some((s) => s.standing === 'in_good_standing'))) {
    const due = options.onlyDue
      ? sql`and (c.plan_episode is distinct from c.standing_since or c.plan_review_at <= ${now.toISOString()}::timestamptz)`
      : sql``;
    const today = organisationToday(pass.context.chasing.settings.time_zone, now);
    summary = addSummaries(summary, await inChunks(pass, (after) => sql`
      select c.id from customer c
      where c.org_id = ${orgId} and c.standing = 'in_good_standing' and c.id > ${after}::uuid ${due}
        and exists (select 1 from invoice i where i.org_id = c.org_id and i.customer_id = c.id and i.status = 'open'
                      and i.amount_remaining > 0 and i.due_date >= ${today}::date)
      order by c.id limit ${chunk}`));
  }
  // Customers out of chasing (paid up, paused) whose pending emails were not superseded yet:
  // a change made straight in the database, or a pass that stopped half-way.
  summary = addSummaries(summary, await inChunks(pass, (after) => sql`
    select e.customer_id as id from event e join customer c on c.id = e.customer_id
    where e.org_id = ${orgId} and e.status = 'pending' and e.scheduled_for > ${now.toISOString()}::timestamptz
      and c.standing not in ('single_missed', 'multiple_missed') and e.customer_id > ${after}::uuid
    group by e.customer_id order by e.customer_id limit ${chunk}`));
  return summary;
}

export interface PassOptions {
  /**
   * Read only the customers whose plan may have changed: those whose standing episode moved since
   * they were last planned, or whose review time has come (next-review.ts). The hourly pass does;
   * a pass after a change to the organisation's workflows or settings, which can change any plan,
   * reads every chased customer.
   */
  onlyDue?: boolean;
  /** Customers per transaction. */
  chunk?: number;
}

interface Pass {
  db: Db;
  orgId: string;
  now: Date;
  chunk: number;
  context: PlanContext;
}

const readContext = (db: Db, orgId: string): Promise<PlanContext> => withOrg(db, orgId, (tx) => loadPlanContext(tx, orgId));

async function inChunks(pass: Pass, select: (after: string) => ReturnType<typeof sql>): Promise<ReconcileSummary> {
  const { db, orgId, chunk } = pass;
  let summary = noChanges();
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const from = after;
    const ids = await withOrg(db, orgId, async (tx) => (await tx.execute<{ id: string }>(select(from))).rows.map((r) => r.id));
    if (ids.length === 0) return summary;
    summary = addSummaries(summary, await reconcileChunk(pass, ids));
    after = ids[ids.length - 1] ?? after;
    if (ids.length < chunk) return summary;
  }
}

/** Reconcile one chunk; after a deadlock or a row deleted under it, read the organisation again and retry. */
async function reconcileChunk(pass: Pass, ids: string[], attempts = 3): Promise<ReconcileSummary> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await reconcileCustomers(pass.db, pass.orgId, ids, pass.now, pass.context);
    } catch (error) {
      const code = (error as { code?: unknown }).code ?? (error as { cause?: { code?: unknown } }).cause?.code;
      if (attempt >= attempts || typeof code !== 'string' || !RETRYABLE.has(code)) throw error;
      pass.context = await readContext(pass.db, pass.orgId);
    }
  }
}
