import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';

import { type Db, withOrg } from '../db/client';
import { authOrganization, customerImport, customerImportRow } from '../db/schema';

import { IMPORT_ROWS_TTL_DAYS } from './import-rows-cleanup.job';

const MS_PER_DAY = 86_400_000;

/**
 * Delete the stored rows of imports that finished (or were uploaded and never started) more than
 * the retention period ago, keeping each import's summary and marking when its rows went.
 * Returns how many rows were deleted.
 */
export async function deleteExpiredImportRows(deps: { db: Db; now: Date }): Promise<number> {
  const cutoff = new Date(deps.now.getTime() - IMPORT_ROWS_TTL_DAYS * MS_PER_DAY);
  const organisations = await deps.db.select({ id: authOrganization.id }).from(authOrganization);
  let deleted = 0;
  for (const { id: orgId } of organisations) {
    deleted += await withOrg(deps.db, orgId, async (tx) => {
      const expired = await tx
        .update(customerImport)
        .set({ rowsDeletedAt: deps.now })
        .where(
          and(
            eq(customerImport.orgId, orgId),
            isNull(customerImport.rowsDeletedAt),
            or(lt(customerImport.finishedAt, cutoff), and(eq(customerImport.status, 'uploaded'), lt(customerImport.createdAt, cutoff))),
          ),
        )
        .returning({ id: customerImport.id });
      if (expired.length === 0) return 0;
      const result = await tx.execute(sql`
        delete from ${customerImportRow}
        where ${and(eq(customerImportRow.orgId, orgId), inArray(customerImportRow.importId, expired.map((e) => e.id)))}`);
      return result.rowCount ?? 0;
    });
  }
  return deleted;
}
