import type { ImportCheck, ImportStart } from '@receivables/contracts';
import { and, asc, eq, gt } from 'drizzle-orm';

import { type DbOrTx, withOrg } from '../../db/client';
import { customerImportRow } from '../../db/schema';

import { requireImportWithRows } from './find-rejected-rows';
import { readRow } from './import-batch';
import { requireMappingInFile } from './start-customer-import';

/** Rows read per query: a few MB of cells at most, whatever the file's size. */
const CHECK_BATCH_ROWS = 5_000;

/**
 * How many rows `input` would import, read as the job reads them: a row with too many cells or
 * an unreadable value is refused, and so is every repeat of an invoice number after its first
 * row. Clashes with stored data (an invoice of another customer…) show only when importing.
 */
export async function checkCustomerImport(deps: { db: DbOrTx; orgId: string }, id: string, input: ImportStart): Promise<ImportCheck> {
  return withOrg(deps.db, deps.orgId, async (tx) => {
    const current = await requireImportWithRows(tx, deps.orgId, id);
    requireMappingInFile(current.headers, input.mapping);
    const options = { defaultCurrency: input.default_currency, dateOrder: input.date_order };
    const ctx = { headers: current.headers, mapping: input.mapping, options };
    const numbers = new Set<string>();
    let refused = 0;
    let read = 0;
    let afterRow = 0;
    for (;;) {
      const rows = await tx
        .select({ row: customerImportRow.rowNumber, cells: customerImportRow.cells })
        .from(customerImportRow)
        .where(and(eq(customerImportRow.importId, id), eq(customerImportRow.orgId, deps.orgId), gt(customerImportRow.rowNumber, afterRow)))
        .orderBy(asc(customerImportRow.rowNumber))
        .limit(CHECK_BATCH_ROWS);
      for (const r of rows) {
        const state = readRow(ctx, r);
        const isRepeat = state.invoiceNumber !== null && numbers.has(state.invoiceNumber);
        if (state.invoiceNumber !== null) numbers.add(state.invoiceNumber);
        if (isRepeat || state.problems.length > 0) refused += 1;
      }
      read += rows.length;
      const last = rows.at(-1);
      if (!last || rows.length < CHECK_BATCH_ROWS) break;
      afterRow = last.row;
    }
    return { rows_to_import: read - refused, rows_refused: refused };
  });
}
