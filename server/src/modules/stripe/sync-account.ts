import { EMPTY_SYNC_COUNTS, SYNC_PROBLEMS_KEPT, SYNC_STAGES, type SyncCounts, type SyncProblem, type SyncStage } from '@receivables/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import Stripe from 'stripe';

import { type Db, type Tx, withOrg } from '../../db/client';
import { account, customer } from '../../db/schema';
import type { OperationLog } from '../../lib/operation-log';

import { asAccount } from './stripe-client';
import { csvRefOf, isSkip, mapCreditNote, mapCustomer, mapInvoice, mapInvoicePayment, stripeRef } from './stripe-mapping';
import {
  followStripeWrites,
  markStripeCustomerDeleted,
  type RecordOutcome,
  removeStripeCredit,
  upsertStripeCustomer,
  upsertStripeInvoice,
  upsertStripePayment,
} from './stripe-records';

/** Invoices paid, voided or written off this recently are read too, so the history a customer page shows is there. */
export const RECENT_INVOICE_DAYS = 90;
/** Objects per committed batch: one Stripe page. */
const PAGE = 100;
/** 429s in a row before the sync gives up for now (pg-boss retries the job later). */
const MAX_RATE_LIMIT_WAITS = 8;
/** The longest Retry-After the sync waits out in place. */
const MAX_WAIT_MS = 60_000;

export interface SyncDeps {
  db: Db;
  stripe: Stripe;
  now: () => Date;
  log: OperationLog;
  /** Waits out a 429; tests may shorten it. */
  sleep?: (ms: number) => Promise<void>;
}

type AccountRow = typeof account.$inferSelect;
type StripeObject = Stripe.Customer | Stripe.Invoice | Stripe.InvoicePayment | Stripe.CreditNote;

/** One Stripe list a stage reads, and how its ids start (which list a saved cursor belongs to). */
type StageList = { name: 'customers' | 'open_invoices' | 'recent_invoices' | 'invoice_payments' | 'credit_notes'; idPrefix: string };

/**
 * The lists each stage reads, in order. Credit notes are read in the payments stage, after the
 * invoice payments: both are entries against invoices already read, and the progress bar keeps
 * its four stages. A cursor names its list by its prefix, so a stopped stage resumes in the right one.
 */
const STAGE_LISTS: Record<SyncStage, readonly StageList[]> = {
  customers: [{ name: 'customers', idPrefix: 'cus_' }],
  open_invoices: [{ name: 'open_invoices', idPrefix: 'in_' }],
  recent_invoices: [{ name: 'recent_invoices', idPrefix: 'in_' }],
  payments: [
    { name: 'invoice_payments', idPrefix: 'inpay_' },
    { name: 'credit_notes', idPrefix: 'cn_' },
  ],
};

/**
 * Read a connected account into ours (decision 0022), stage by stage: customers, open invoices,
 * recent invoices, payments and credit notes. Each batch of one page commits with the id it ended at, so a sync
 * stopped by a crash (pg-boss runs the job again) resumes after its last committed page, and the
 * upserts make a page read twice harmless. A 429 is waited out (Retry-After) and the list read
 * again from the last committed id. A disconnected account is not read.
 */
export async function syncAccount(deps: SyncDeps, ref: { orgId: string; accountId: string }): Promise<void> {
  const row = await loadAccount(deps.db, ref.orgId, ref.accountId);
  if (!row || row.status !== 'connected') return;
  let state = await markRunning(deps, row);
  try {
    for (let i = SYNC_STAGES.indexOf(state.stage); i < SYNC_STAGES.length; i++) {
      const stage = SYNC_STAGES[i] as SyncStage;
      if (stage !== state.stage) state = await saveProgress(deps.db, row, { ...state, stage, cursor: null });
      state = await runStage(deps, row, state);
    }
    await finish(deps, row, state, { status: 'completed', error: null });
    deps.log.info(`stripe sync of ${row.externalAccountId}: ${describe(state.counts)}`);
  } catch (error) {
    if (error instanceof SyncStopped) {
      deps.log.info(`stripe sync of ${row.externalAccountId}: stopped, the account was disconnected`);
      return;
    }
    const message = error instanceof Stripe.errors.StripeError ? `Stripe answered: ${error.message}` : 'The sync stopped on an unexpected error';
    const latest = (await loadAccount(deps.db, row.orgId, row.id)) ?? row;
    await finish(deps, row, stateOf(latest), { status: 'failed', error: message });
    deps.log.error(`stripe sync of ${row.externalAccountId} failed`, error);
    // A connection that dropped or a Stripe outage is worth another try, from where it stopped;
    // a key Stripe refuses is not.
    if (!(error instanceof Stripe.errors.StripeAuthenticationError || error instanceof Stripe.errors.StripePermissionError)) throw error;
  }
}

interface SyncState {
  stage: SyncStage;
  cursor: string | null;
  counts: SyncCounts;
  problems: SyncProblem[];
}

const stateOf = (row: AccountRow): SyncState => ({
  stage: row.syncStage ?? 'customers',
  cursor: row.syncCursor,
  counts: { ...EMPTY_SYNC_COUNTS, ...row.syncCounts },
  problems: row.syncProblems,
});

async function markRunning(deps: SyncDeps, row: AccountRow): Promise<SyncState> {
  // A finished sync started again begins at the start; a queued or interrupted one carries on.
  const fresh = row.syncStatus === 'completed' || row.syncStatus === null || row.syncStage === null;
  const state: SyncState = fresh ? { stage: 'customers', cursor: null, counts: { ...EMPTY_SYNC_COUNTS }, problems: [] } : stateOf(row);
  await withOrg(deps.db, row.orgId, (tx) =>
    tx
      .update(account)
      .set({
        syncStatus: 'running',
        syncStage: state.stage,
        syncCursor: state.cursor,
        syncCounts: state.counts,
        syncProblems: state.problems,
        syncError: null,
        syncFinishedAt: null,
        ...(fresh || !row.syncStartedAt ? { syncStartedAt: deps.now() } : {}),
      })
      .where(eq(account.id, row.id)),
  );
  return state;
}

/** One stage: its lists in order, the one the saved cursor belongs to resumed after it, the later ones from their start. */
async function runStage(deps: SyncDeps, row: AccountRow, start: SyncState): Promise<SyncState> {
  const lists = STAGE_LISTS[start.stage];
  const from = Math.max(0, lists.findIndex((l) => start.cursor?.startsWith(l.idPrefix)));
  let state = start;
  for (let i = from; i < lists.length; i++) {
    state = await readList(deps, row, state, lists[i] as StageList, i === from ? start.cursor : null);
  }
  return state;
}

/** One list read page by page after `after`, each page committed with the id it ended at. */
async function readList(deps: SyncDeps, row: AccountRow, start: SyncState, list: StageList, after: string | null): Promise<SyncState> {
  let state = start;
  let cursor = after;
  let waits = 0;
  for (;;) {
    try {
      const batch: StripeObject[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        state = await applyBatch(deps, row, state, batch.splice(0));
        cursor = state.cursor;
        waits = 0;
      };
      // The SDK's auto-pagination reads on from `starting_after`; a batch commits every page.
      await listOf(deps, row, list, cursor).autoPagingEach(async (item) => {
        batch.push(item);
        if (batch.length >= PAGE) await flush();
      });
      await flush();
      return state;
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeRateLimitError) || waits >= MAX_RATE_LIMIT_WAITS) throw error;
      waits += 1;
      const wait = retryAfterMs(error, waits);
      deps.log.warn(`stripe sync of ${row.externalAccountId}: rate limited, waiting ${Math.round(wait / 1000)} s`);
      await (deps.sleep ?? sleep)(wait);
    }
  }
}

function listOf(deps: SyncDeps, row: AccountRow, list: StageList, after: string | null): Stripe.ApiListPromise<StripeObject> {
  const page = { limit: PAGE, ...(after ? { starting_after: after } : {}) };
  const as = asAccount(row.externalAccountId);
  const recent = { gte: Math.floor(deps.now().getTime() / 1000) - RECENT_INVOICE_DAYS * 86_400 };
  switch (list.name) {
    case 'customers':
      return deps.stripe.customers.list(page, as);
    case 'open_invoices':
      return deps.stripe.invoices.list({ ...page, status: 'open' }, as);
    case 'recent_invoices':
      return deps.stripe.invoices.list({ ...page, created: recent }, as);
    case 'invoice_payments':
      return deps.stripe.invoicePayments.list({ ...page, status: 'paid', created: recent }, as);
    case 'credit_notes':
      return deps.stripe.creditNotes.list({ ...page, created: recent }, as);
  }
}

/**
 * Write one page in one transaction with the cursor after it: the customers an invoice names
 * that are not here yet are read from Stripe first (one created after the customers stage).
 */
async function applyBatch(deps: SyncDeps, row: AccountRow, state: SyncState, items: StripeObject[]): Promise<SyncState> {
  const missing = await missingCustomers(deps.db, row.orgId, items);
  const fetched = await Promise.all(missing.map((id) => deps.stripe.customers.retrieve(id, {}, asAccount(row.externalAccountId))));
  const last = items[items.length - 1];
  return withOrg(deps.db, row.orgId, async (tx) => {
    const counts = { ...state.counts };
    const problems = [...state.problems];
    const touched = new Set<string>();
    const note = (objectId: string, outcome: RecordOutcome, counted: keyof SyncCounts) => {
      if ('customerId' in outcome) {
        touched.add(outcome.customerId);
        counts[counted] += 1;
      } else {
        counts.skipped += 1;
        if (problems.length < SYNC_PROBLEMS_KEPT) problems.push({ object_id: objectId, reason: outcome.problem });
      }
    };
    const now = deps.now();
    for (const c of fetched) {
      if (c.deleted) await markStripeCustomerDeleted(tx, row.orgId, c.id, now);
      else await upsertStripeCustomer(tx, row.orgId, mapCustomer(c));
    }
    for (const item of items) await applyItem(tx, row.orgId, state.stage, item, { note, counts, now });
    const ids = [...touched];
    if (state.stage !== 'customers') await followStripeWrites(tx, row.orgId, ids, now);
    const next: SyncState = { ...state, cursor: last?.id ?? state.cursor, counts, problems };
    await writeProgress(tx, row, next);
    return next;
  });
}

type Note = (objectId: string, outcome: RecordOutcome, counted: keyof SyncCounts) => void;

async function applyItem(
  tx: Tx,
  orgId: string,
  stage: SyncStage,
  item: StripeObject,
  context: { note: Note; counts: SyncCounts; now: Date },
): Promise<void> {
  const { note, counts } = context;
  if (item.object === 'customer') {
    note(item.id, await upsertStripeCustomer(tx, orgId, mapCustomer(item)), 'customers');
    return;
  }
  if (item.object === 'invoice') {
    // Open invoices were read in their own stage; the recent stage adds the settled ones.
    if (stage === 'recent_invoices' && item.status === 'open') return;
    const mapped = mapInvoice(item);
    if (isSkip(mapped)) {
      counts.skipped += 1;
      return;
    }
    note(item.id, await upsertStripeInvoice(tx, orgId, mapped, context.now), 'invoices');
    return;
  }
  if (item.object === 'credit_note') {
    const credit = mapCreditNote(item);
    // Credit notes count with the payments: the stage's counts say how far it has gone.
    if (credit) note(item.id, await upsertStripePayment(tx, orgId, credit), 'payments');
    else {
      // Voided: it credits nothing any more; an entry an earlier sync made goes.
      await removeStripeCredit(tx, orgId, item.id);
      counts.skipped += 1;
    }
    return;
  }
  const paid = mapInvoicePayment(item);
  if (paid) note(item.id, await upsertStripePayment(tx, orgId, paid), 'payments');
}

/** Stripe customer ids the page's invoices name that no customer here carries yet. */
async function missingCustomers(db: Db, orgId: string, items: StripeObject[]): Promise<string[]> {
  const named = new Set<string>();
  for (const item of items) {
    if (item.object !== 'invoice') continue;
    const id = typeof item.customer === 'string' ? item.customer : item.customer?.id;
    if (id) named.add(id);
  }
  if (named.size === 0) return [];
  const refs = [...named].flatMap((id) => [stripeRef(id), csvRefOf(id)]);
  const known = await withOrg(db, orgId, (tx) =>
    tx.select({ ref: customer.externalRef }).from(customer).where(and(eq(customer.orgId, orgId), inArray(customer.externalRef, refs))),
  );
  const have = new Set(known.map((k) => k.ref?.replace(/^(stripe|csv):/, '')));
  return [...named].filter((id) => !have.has(id));
}

async function loadAccount(db: Db, orgId: string, accountId: string): Promise<AccountRow | null> {
  const [row] = await withOrg(db, orgId, (tx) => tx.select().from(account).where(and(eq(account.orgId, orgId), eq(account.id, accountId))));
  return row ?? null;
}

async function saveProgress(db: Db, row: AccountRow, state: SyncState): Promise<SyncState> {
  await withOrg(db, row.orgId, (tx) => writeProgress(tx, row, state));
  return state;
}

/** Thrown when the account was disconnected mid-sync: the batch rolls back and the sync ends. */
class SyncStopped extends Error {}

async function writeProgress(tx: Tx, row: AccountRow, state: SyncState): Promise<void> {
  const [still] = await tx
    .update(account)
    .set({ syncStage: state.stage, syncCursor: state.cursor, syncCounts: state.counts, syncProblems: state.problems })
    .where(and(eq(account.id, row.id), eq(account.status, 'connected')))
    .returning({ id: account.id });
  if (!still) throw new SyncStopped('disconnected');
}

async function finish(deps: SyncDeps, row: AccountRow, state: SyncState, end: { status: 'completed' | 'failed'; error: string | null }): Promise<void> {
  const now = deps.now();
  await withOrg(deps.db, row.orgId, (tx) =>
    tx
      .update(account)
      .set({
        syncStatus: end.status,
        syncError: end.error,
        syncFinishedAt: now,
        syncCounts: state.counts,
        syncProblems: state.problems,
        ...(end.status === 'completed' ? { lastSyncedAt: now, syncCursor: null } : {}),
      })
      .where(eq(account.id, row.id)),
  );
}

/** Stripe's Retry-After when it gives one, else a doubling wait; never more than a minute. */
function retryAfterMs(error: Stripe.errors.StripeRateLimitError, attempt: number): number {
  const header = error.headers?.['retry-after'];
  const seconds = header !== undefined ? Number(header) : Number.NaN;
  const wait = Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : 1000 * 2 ** (attempt - 1);
  return Math.min(wait, MAX_WAIT_MS);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const describe = (c: SyncCounts): string => `${c.customers} customers, ${c.invoices} invoices, ${c.payments} payments, ${c.skipped} skipped`;
