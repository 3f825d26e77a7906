import { inArray } from 'drizzle-orm';

import type { DbOrTx } from '../db/client';
import { authUser } from '../db/schema';

/**
 * The names of the users `ids` name, by id. The app's database role cannot read the auth tables
 * (row-level security fences business tables only, so they stay out of its reach: decision 0002),
 * so this runs on the connection's own role. It is only ever given actor ids read from the
 * caller's organisation's own audit rows, so it names no one outside it.
 */
export async function readActorNames(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
  const distinct = [...new Set(ids)];
  if (distinct.length === 0) return new Map();
  const rows = await db.select({ id: authUser.id, name: authUser.name }).from(authUser).where(inArray(authUser.id, distinct));
  return new Map(rows.map((row) => [row.id, row.name]));
}
