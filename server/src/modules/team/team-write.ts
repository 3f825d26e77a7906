import type { Db, Tx } from '../../db/client';
import { withOrg } from '../../db/client';
import { type AuditEntry, recordAudit } from '../../org/record-audit';

/** What a team write needs: the pool (auth tables), whose organisation, on whose behalf, and the clock. */
export interface TeamDeps {
  db: Db;
  orgId: string;
  actorId: string;
  now: () => Date;
}

/**
 * Run `work` on the pool in one transaction and record its audit entry, as the organisation, before
 * it commits: the change and the record of it stand or fall together. The audit entry comes last,
 * as `withOrg` leaves the transaction in the organisation's role (no auth table after it).
 */
export async function teamWrite<T>(deps: TeamDeps, work: (tx: Tx) => Promise<{ result: T; audit: AuditEntry }>): Promise<T> {
  return deps.db.transaction(async (tx) => {
    const { result, audit } = await work(tx);
    await withOrg(tx, deps.orgId, (scoped) => recordAudit(scoped, deps, audit));
    return result;
  });
}
