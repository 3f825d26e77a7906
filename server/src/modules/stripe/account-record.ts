import { type Account, type AccountListQuery, EMPTY_SYNC_COUNTS, SYNC_STAGES, type SyncProgress } from '@receivables/contracts';
import { and, desc, eq, type SQL } from 'drizzle-orm';

import { type DbOrTx, withOrg } from '../../db/client';
import { account } from '../../db/schema';
import { notFound } from '../../errors/domain-errors';

export type AccountRow = typeof account.$inferSelect;

/** Putting an account's sync on the worker's queue: the API's port to the job (stripe-sync.job.ts). */
export interface StripeSyncQueue {
  syncAccount(ref: { orgId: string; accountId: string }): Promise<void>;
}

/** The organisation's connected accounts, newest first; disconnected ones stay listed. */
export async function findAccounts(
  deps: { db: DbOrTx; orgId: string },
  query: AccountListQuery,
): Promise<{ rows: Account[]; total: number }> {
  const where: SQL[] = [eq(account.orgId, deps.orgId)];
  if (query.provider) where.push(eq(account.provider, query.provider));
  if (query.status) where.push(eq(account.status, query.status));
  const rows = await withOrg(deps.db, deps.orgId, (tx) =>
    tx
      .select()
      .from(account)
      .where(and(...where))
      .orderBy(desc(account.connectedAt)),
  );
  return { rows: rows.map(toAccount), total: rows.length };
}

export async function requireAccount(tx: DbOrTx, orgId: string, id: string, options: { lock?: boolean } = {}): Promise<AccountRow> {
  const query = tx.select().from(account).where(and(eq(account.orgId, orgId), eq(account.id, id)));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound('Account');
  return row;
}

/** The state a sync is put in when it is asked for: queued, from the first stage. */
export const queuedSync = (): Pick<AccountRow, 'syncStatus' | 'syncStage' | 'syncCursor' | 'syncCounts' | 'syncProblems' | 'syncError' | 'syncStartedAt' | 'syncFinishedAt'> => ({
  syncStatus: 'queued',
  syncStage: 'customers',
  syncCursor: null,
  syncCounts: { ...EMPTY_SYNC_COUNTS },
  syncProblems: [],
  syncError: null,
  syncStartedAt: null,
  syncFinishedAt: null,
});

export function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    provider: row.provider,
    external_account_id: row.externalAccountId,
    livemode: row.livemode,
    status: row.status,
    connected_at: row.connectedAt.toISOString(),
    disconnected_at: row.disconnectedAt?.toISOString() ?? null,
    disconnected_reason: row.disconnectedReason ?? null,
    last_synced_at: row.lastSyncedAt?.toISOString() ?? null,
    sync: syncProgress(row),
  };
}

function syncProgress(row: AccountRow): SyncProgress {
  const index = row.syncStage ? SYNC_STAGES.indexOf(row.syncStage) : -1;
  const done = row.syncStatus === 'completed';
  const stageNumber = done ? SYNC_STAGES.length : index + 1;
  return {
    status: row.syncStatus,
    stage: done ? null : row.syncStage,
    stage_number: stageNumber,
    stage_count: SYNC_STAGES.length,
    percent: done ? 100 : Math.floor((Math.max(index, 0) / SYNC_STAGES.length) * 100),
    counts: { ...EMPTY_SYNC_COUNTS, ...row.syncCounts },
    problems: row.syncProblems,
    error: row.syncError,
    started_at: row.syncStartedAt?.toISOString() ?? null,
    finished_at: row.syncFinishedAt?.toISOString() ?? null,
  };
}
