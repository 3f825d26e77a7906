import { type CustomerImport, suggestDateOrder, suggestImportMapping } from '@receivables/contracts';

import type { customerImport } from '../../db/schema';
import { iso } from '../customers/customer-row';

export type CustomerImportRecord = typeof customerImport.$inferSelect;

/**
 * The one place an import record becomes the wire shape. The suggestions are worked out here
 * from the stored header and preview, with the same contract functions the mapping screen uses,
 * rather than stored: a better suggestion rule then applies to imports already uploaded.
 */
export function toCustomerImport(row: CustomerImportRecord): CustomerImport {
  const suggested = suggestImportMapping(row.headers);
  const dateColumns = [suggested.due_date, suggested.issued_on].filter((c) => c !== undefined);
  const dateSamples = row.preview.flatMap((cells) => dateColumns.map((c) => cells[c] ?? ''));
  return {
    id: row.id,
    filename: row.filename,
    status: row.status,
    headers: row.headers,
    preview: row.preview,
    suggested_mapping: suggested,
    suggested_date_order: suggestDateOrder(dateSamples),
    mapping: row.mapping,
    default_currency: row.defaultCurrency,
    date_order: row.dateOrder,
    total_rows: row.totalRows,
    processed_rows: row.processedRows,
    rejected_rows: row.rejectedRows,
    customers_created: row.customersCreated,
    invoices_created: row.invoicesCreated,
    invoices_updated: row.invoicesUpdated,
    invoices_unchanged: row.invoicesUnchanged,
    error: row.error,
    created_at: iso(row.createdAt),
    started_at: row.startedAt ? iso(row.startedAt) : null,
    finished_at: row.finishedAt ? iso(row.finishedAt) : null,
  };
}
