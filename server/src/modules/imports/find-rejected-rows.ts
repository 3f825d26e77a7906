import type { PageQuery, RejectedRowListResponse } from '@receivables/contracts';
import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';

import { type DbOrTx, type Tx, withOrg } from '../../db/client';
import { customerImportRow } from '../../db/schema';

import type { CustomerImportRecord } from './customer-import-record';
import { IMPORT_ROWS_TTL_DAYS } from './import-retention';
import { importRowsDeleted } from './imports.errors';
import { requireCustomerImport } from './require-customer-import';

/** The rows an import refused, in file order, with the reason for each. */
export async function findRejectedRows(
  deps: { db: DbOrTx; orgId: string },
  id: string,
  query: PageQuery,
): Promise<RejectedRowListResponse> {
  return withOrg(deps.db, deps.orgId, async (tx) => {
    const found = await requireImportWithRows(tx, deps.orgId, id);
    const rows = await tx
      .select({ row: customerImportRow.rowNumber, reason: customerImportRow.rejection, cells: customerImportRow.cells })
      .from(customerImportRow)
      .where(rejectedOf(deps.orgId, id))
      .orderBy(asc(customerImportRow.rowNumber))
      .limit(query.limit)
      .offset(query.offset);
    // The counter advances in the same transaction as the rows it counts.
    return { rows: rows.map((r) => ({ ...r, reason: r.reason ?? '' })), total: found.rejectedRows };
  });
}

/** The import, when its stored rows are still kept (they go 30 days after it finished). */
export async function requireImportWithRows(tx: Tx, orgId: string, id: string): Promise<CustomerImportRecord> {
  const found = await requireCustomerImport(tx, orgId, id);
  if (found.rowsDeletedAt) throw importRowsDeleted(IMPORT_ROWS_TTL_DAYS);
  return found;
}

/** The import's refused rows after `afterRow` (partial index customer_import_row_rejected_idx). */
export function rejectedOf(orgId: string, importId: string, afterRow = 0) {
  return and(
    eq(customerImportRow.importId, importId),
    eq(customerImportRow.orgId, orgId),
    isNotNull(customerImportRow.rejection),
    gt(customerImportRow.rowNumber, afterRow),
  );
}
