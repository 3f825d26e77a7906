import { type Db, type Tx, withOrg } from './client';
import { authOrganization } from './schema';

/**
 * Run `fn` for every organisation, each in its own transaction under that organisation's
 * row-level security, one after another; the per-organisation passes of the jobs use it.
 * One organisation's failure stops the pass (the job retries it whole: each pass is idempotent).
 */
export async function forEachOrganisation<T>(db: Db, fn: (tx: Tx, orgId: string) => Promise<T>): Promise<T[]> {
  const organisations = await db.select({ id: authOrganization.id }).from(authOrganization);
  const results: T[] = [];
  for (const { id } of organisations) results.push(await withOrg(db, id, (tx) => fn(tx, id)));
  return results;
}

/** The sum of a per-organisation count. */
export const total = (counts: number[]): number => counts.reduce((sum, n) => sum + n, 0);
