import type { AuditActor } from '@receivables/contracts';
import { inArray } from 'drizzle-orm';

import type { Db } from '../../db/client';
import { authUser } from '../../db/schema';

/**
 * The people `ids` name, by id, with their name and email as they are now: one statement however
 * many entries. The auth tables are out of the organisation role's reach (decision 0002), so this
 * runs on the pool; it is only given actor ids read from the caller's organisation's own entries,
 * so it names no one outside it. A user who no longer exists is named by nothing (null).
 */
export async function readAuditActors(db: Db, ids: readonly (string | null)[]): Promise<Map<string, AuditActor>> {
  const distinct = [...new Set(ids.filter((id): id is string => id !== null))];
  if (distinct.length === 0) return new Map();
  const rows = await db
    .select({ id: authUser.id, name: authUser.name, email: authUser.email })
    .from(authUser)
    .where(inArray(authUser.id, distinct));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The entry's actor: null for the product itself, a former user with no name or email. */
export function actorFor(actorId: string | null, actors: ReadonlyMap<string, AuditActor>): AuditActor | null {
  if (actorId === null) return null;
  return actors.get(actorId) ?? { id: actorId, name: null, email: null };
}
