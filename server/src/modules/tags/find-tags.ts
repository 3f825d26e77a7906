import type { TagListResponse } from '@receivables/contracts';
import { eq, sql } from 'drizzle-orm';

import { type DbOrTx, withOrg } from '../../db/client';
import { tag } from '../../db/schema';

/** Every tag of the organisation, by name (organisations keep tens, not thousands). */
export async function findTags(deps: { db: DbOrTx; orgId: string }): Promise<TagListResponse> {
  const rows = await withOrg(deps.db, deps.orgId, (tx) =>
    tx.select({ id: tag.id, name: tag.name, colour: tag.colour }).from(tag).where(eq(tag.orgId, deps.orgId)).orderBy(sql`lower(${tag.name})`, tag.id),
  );
  return { rows, total: rows.length };
}
