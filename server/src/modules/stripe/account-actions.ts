import type { Account } from '@receivables/contracts';
import { eq } from 'drizzle-orm';

import { withOrg } from '../../db/client';
import { account } from '../../db/schema';
import { conflict, domainRule } from '../../errors/domain-errors';
import type { OrgScope } from '../../org/org-scope';
import { recordAudit } from '../../org/record-audit';

import { queuedSync, requireAccount, type StripeSyncQueue, toAccount } from './account-record';

/** Sync a connected account again now; one already queued or running is a 409. */
export async function startAccountSync(deps: OrgScope & { syncs: StripeSyncQueue }, id: string): Promise<Account> {
  const row = await withOrg(deps.db, deps.orgId, async (tx) => {
    const current = await requireAccount(tx, deps.orgId, id, { lock: true });
    if (current.status !== 'connected') throw domainRule('The account is disconnected', 'id', 'connect it again to sync it');
    if (current.syncStatus === 'queued' || current.syncStatus === 'running') throw conflict('A sync of this account is already under way', 'id', 'wait for it to finish');
    const [updated] = await tx.update(account).set(queuedSync()).where(eq(account.id, id)).returning();
    return updated ?? current;
  });
  await deps.syncs.syncAccount({ orgId: deps.orgId, accountId: row.id });
  return toAccount(row);
}

/**
 * Stop reading the account (decision 0022): what it brought in stays — customers, invoices,
 * payments and their history — and is kept up to date by hand or by a later reconnection.
 */
export async function disconnectAccount(deps: Omit<OrgScope, 'now'> & { now: Date }, id: string): Promise<Account> {
  return withOrg(deps.db, deps.orgId, async (tx) => {
    const current = await requireAccount(tx, deps.orgId, id, { lock: true });
    if (current.status === 'disconnected') return toAccount(current);
    const [row] = await tx
      .update(account)
      .set({ status: 'disconnected', disconnectedAt: deps.now, disconnectedReason: 'person', ...(current.syncStatus === 'completed' ? {} : { syncStatus: null }) })
      .where(eq(account.id, id))
      .returning();
    if (!row) throw new Error('account update returned nothing');
    await recordAudit(tx, deps, {
      action: 'account.disconnect',
      entity: 'account',
      entityId: id,
      customerId: null,
      before: { status: current.status },
      after: { status: row.status },
    });
    return toAccount(row);
  });
}
