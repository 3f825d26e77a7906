import { MS_PER_DAY } from '@receivables/contracts';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';

import type { Tx } from '../../db/client';
import { customerImport, customerImportRow } from '../../db/schema';

/**
 * The stored rows of an import (its cells, the reasons rows were refused) are kept for 30 days
 * after it finished: long enough to download the refused rows and fix them, short enough that a
 * 100,000-row file does not stay in the database for good. The import's summary is kept.
 */
export const IMPORT_ROWS_TTL_DAYS = 30;

/**
 * Delete the organisation's stored rows of imports that finished (or were uploaded and never
 * started) more than the retention period ago, marking when each import's rows went.
 * Returns how many rows were deleted.
 */
export async function deleteExpiredImportRows(tx: Tx, orgId: string, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - IMPORT_ROWS_TTL_DAYS * MS_PER_DAY);
  const expired = await tx
    .update(customerImport)
    .set({ rowsDeletedAt: now })
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
}
