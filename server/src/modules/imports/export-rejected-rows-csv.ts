import { asc } from 'drizzle-orm';

import { type Db, withOrg } from '../../db/client';
import { customerImportRow } from '../../db/schema';
import { csvRecord, UTF8_BOM } from '../../lib/csv-field';

import { rejectedOf, requireImportWithRows } from './find-rejected-rows';

/** Rows read per statement, each batch in its own short transaction (as the customer export). */
const BATCH_ROWS = 1000;

/**
 * The refused rows as a CSV to fix and import again: the file's own header plus `Row` and
 * `Reason`, each row's cells padded to the header's width so Row and Reason stay in their
 * columns (a row refused for having too many cells keeps its extra cells after them). The
 * import is checked before the first byte, so an unknown id is still a JSON 404.
 */
export async function exportRejectedRowsCsv(
  deps: { db: Db; orgId: string },
  id: string,
): Promise<{ filename: string; chunks: AsyncGenerator<string> }> {
  const found = await withOrg(deps.db, deps.orgId, (tx) => requireImportWithRows(tx, deps.orgId, id));
  const width = found.headers.length;
  async function* chunks(): AsyncGenerator<string> {
    yield UTF8_BOM + csvRecord([...found.headers, 'Row', 'Reason']);
    for (let after = 0; ;) {
      const rows = await withOrg(deps.db, deps.orgId, (tx) =>
        tx
          .select({ row: customerImportRow.rowNumber, reason: customerImportRow.rejection, cells: customerImportRow.cells })
          .from(customerImportRow)
          .where(rejectedOf(deps.orgId, id, after))
          .orderBy(asc(customerImportRow.rowNumber))
          .limit(BATCH_ROWS),
      );
      if (rows.length > 0) {
        yield rows
          .map((r) => {
            const padded = [...r.cells.slice(0, width), ...Array<string>(Math.max(width - r.cells.length, 0)).fill('')];
            return csvRecord([...padded, r.row, r.reason, ...r.cells.slice(width)]);
          })
          .join('');
      }
      const last = rows.at(-1);
      if (!last || rows.length < BATCH_ROWS) return;
      after = last.row;
    }
  }
  return { filename: rejectedFilename(found.filename), chunks: chunks() };
}

/** `Invoices (May).csv` → `Invoices (May) - rejected rows.csv`. */
function rejectedFilename(original: string): string {
  return `${original.replace(/\.(csv|txt)$/iu, '')} - rejected rows.csv`;
}
