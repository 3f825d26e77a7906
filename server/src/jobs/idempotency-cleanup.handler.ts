import { and, eq, lt } from 'drizzle-orm';

import { type Db, withOrg } from '../db/client';
import { authOrganization, idempotencyKey } from '../db/schema';

import { IDEMPOTENCY_KEY_TTL_DAYS } from './idempotency-cleanup.job';

const MS_PER_DAY = 86_400_000;

/** Delete stored idempotent answers older than the retention period; returns how many went. */
export async function deleteExpiredIdempotencyKeys(deps: { db: Db; now: Date }): Promise<number> {
  const cutoff = new Date(deps.now.getTime() - IDEMPOTENCY_KEY_TTL_DAYS * MS_PER_DAY);
  const organisations = await deps.db.select({ id: authOrganization.id }).from(authOrganization);
  let deleted = 0;
  for (const { id } of organisations) {
    const rows = await withOrg(deps.db, id, (tx) =>
      tx
        .delete(idempotencyKey)
        .where(and(eq(idempotencyKey.orgId, id), lt(idempotencyKey.createdAt, cutoff)))
        .returning({ id: idempotencyKey.id }),
    );
    deleted += rows.length;
  }
  return deleted;
}
