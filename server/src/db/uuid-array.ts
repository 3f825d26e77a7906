import { type SQL, sql } from 'drizzle-orm';

/**
 * A `uuid[]` parameter. drizzle's sql template expands JS arrays into "($1, $2…)" lists, which
 * cannot follow `= any(...)`; one array literal keeps a 1,000-id statement to one parameter.
 */
export function uuidArray(ids: readonly string[]): SQL {
  return sql`${`{${ids.map((id) => id.replace(/[^0-9a-fA-F-]/g, '')).join(',')}}`}::uuid[]`;
}
