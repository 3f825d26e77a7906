import type { DateOrder, ImportMapping } from '@receivables/contracts';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { idColumn, orgIdColumn, timestampColumns } from './columns';
import { importStatusEnum } from './enums';

/**
 * One uploaded CSV file and what importing it did (decision 0009). The counters advance in the
 * same transaction as each batch of rows, so they never run ahead of what is committed, and
 * `processed_through_row` is where a restarted job carries on.
 */
export const customerImport = pgTable(
  'customer_import',
  {
    id: idColumn(),
    orgId: orgIdColumn(),
    // No foreign key, as in audit_log: the record outlives the user who made it.
    createdBy: uuid('created_by'),
    filename: text('filename').notNull(),
    status: importStatusEnum('status').notNull().default('uploaded'),
    headers: text('headers').array().notNull(),
    preview: jsonb('preview').$type<string[][]>().notNull(),
    delimiter: text('delimiter').notNull(),
    encoding: text('encoding').notNull(),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    rejectedRows: integer('rejected_rows').notNull().default(0),
    customersCreated: integer('customers_created').notNull().default(0),
    invoicesCreated: integer('invoices_created').notNull().default(0),
    invoicesUpdated: integer('invoices_updated').notNull().default(0),
    invoicesUnchanged: integer('invoices_unchanged').notNull().default(0),
    /** The last row number the job has committed (1 = the header: nothing yet). */
    processedThroughRow: integer('processed_through_row').notNull().default(1),
    mapping: jsonb('mapping').$type<ImportMapping>(),
    defaultCurrency: text('default_currency'),
    dateOrder: text('date_order').$type<DateOrder>(),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** When the retention job deleted the stored rows (the summary above is kept). */
    rowsDeletedAt: timestamp('rows_deleted_at', { withTimezone: true }),
    ...timestampColumns(),
  },
  (t) => [index('customer_import_org_created_at_idx').on(t.orgId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

/**
 * The file's data rows as written (cells are never altered), numbered as a spreadsheet shows
 * them: the header is row 1. The job fills `invoice_number` (to find the same invoice twice in
 * one file) and `rejection` (why the row was not imported).
 */
export const customerImportRow = pgTable(
  'customer_import_row',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => customerImport.id, { onDelete: 'cascade' }),
    orgId: orgIdColumn(),
    rowNumber: integer('row_number').notNull(),
    cells: text('cells').array().notNull(),
    invoiceNumber: text('invoice_number'),
    rejection: text('rejection'),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.rowNumber] }),
    index('customer_import_row_invoice_number_idx').on(t.importId, t.invoiceNumber).where(sql`${t.invoiceNumber} is not null`),
    index('customer_import_row_rejected_idx').on(t.importId, t.rowNumber).where(sql`${t.rejection} is not null`),
  ],
);
