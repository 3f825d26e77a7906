import { CUSTOMER_EXPORT_COLUMNS, CUSTOMER_EXPORT_HEADERS, daysLate, formatMajorUnits, STANDING_LABELS } from '@receivables/contracts';

import { csvRecord, UTF8_BOM } from '../../lib/csv-field';

import type { CustomerExportSqlRow, ExportCursor } from './customer-export-query';
import { iso } from './customer-row';

/** Reads the batch of at most `limit` rows that follows `after` (null: from the start). */
export type ReadExportBatch = (after: ExportCursor | null, limit: number) => Promise<CustomerExportSqlRow[]>;

/**
 * The export as text chunks: the BOM and header, then one chunk per batch as it is read, so
 * memory holds one batch however many customers match. A short batch is the last one.
 */
export async function* customerCsvChunks(
  readBatch: ReadExportBatch,
  options: { batchSize: number; today: string },
): AsyncGenerator<string> {
  yield UTF8_BOM + csvRecord(CUSTOMER_EXPORT_COLUMNS.map((column) => CUSTOMER_EXPORT_HEADERS[column]));
  let after: ExportCursor | null = null;
  for (;;) {
    const rows = await readBatch(after, options.batchSize);
    if (rows.length > 0) yield rows.map((row) => csvRecord(customerCsvValues(row, options.today))).join('');
    const last = rows.at(-1);
    if (!last || rows.length < options.batchSize) return;
    after = { sortKey: last.sort_key, id: last.id };
  }
}

/** One customer's fields in the order of CUSTOMER_EXPORT_COLUMNS, in the words the screens use. */
export function customerCsvValues(row: CustomerExportSqlRow, today: string): (string | number | null)[] {
  return [
    row.name,
    STANDING_LABELS[row.standing],
    formatMajorUnits(row.amount_overdue, row.currency),
    row.currency,
    row.n_invoices,
    daysLate(row.due_date, today),
    row.due_date,
    row.last_chase_at ? iso(row.last_chase_at) : null,
    row.tags,
    row.contact_email,
    row.external_ref,
    row.id,
  ];
}
