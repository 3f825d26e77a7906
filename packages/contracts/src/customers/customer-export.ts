import { z } from 'zod';

import { customerListQuerySchema } from './customer-list';

/**
 * The most customers an export may name by id: a page of the list is at most 100 rows, and 200
 * ids (about 8 KB once percent-encoded) keep the URL well inside every server's header limit.
 */
export const CUSTOMER_EXPORT_IDS_MAX = 200;

/** `customer_ids=id,id,…` in a query string: distinct UUIDs, comma-separated. */
const customerIdListSchema = z
  .string()
  .transform((value) => value.split(','))
  .pipe(
    z
      .array(z.uuid())
      .min(1)
      .max(CUSTOMER_EXPORT_IDS_MAX, `must name at most ${CUSTOMER_EXPORT_IDS_MAX} customers`)
      .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, 'must not repeat a customer'),
  );

/**
 * `GET /api/customers/export.csv`: the list's query (search, filters, sort) without paging; every
 * match is exported in the list's order. `customer_ids` narrows it to those customers (a
 * selection); ids of no customer of the caller's organisation match nothing, as in any filter.
 */
export const customerExportQuerySchema = customerListQuerySchema.omit({ limit: true, offset: true, after: true }).extend({
  customer_ids: customerIdListSchema.optional(),
});
export type CustomerExportQuery = z.infer<typeof customerExportQuerySchema>;
export type CustomerExportQueryInput = z.input<typeof customerExportQuerySchema>;

/**
 * The export's columns, in order, each with the header a person reads, the same words as the
 * list's columns. `amount_overdue` is in major units with the currency's own decimals (GBP
 * 1234.50, JPY 1500), `standing` in the screen's words ("Several missed"), dates ISO
 * (`oldest_due_date` YYYY-MM-DD, `last_contact` a UTC date-time) so spreadsheets read them as
 * dates, `tags` names joined by "; ".
 */
export const CUSTOMER_EXPORT_HEADERS = {
  name: 'Name',
  standing: 'Standing',
  amount_overdue: 'Amount overdue',
  currency: 'Currency',
  n_invoices: '# invoices',
  days_late: 'Days late',
  oldest_due_date: 'Oldest due date',
  last_contact: 'Last contact',
  tags: 'Tags',
  primary_contact_email: 'Primary contact email',
  external_ref: 'External reference',
  id: 'ID',
} as const;
export type CustomerExportColumn = keyof typeof CUSTOMER_EXPORT_HEADERS;

/** The column keys in the file's order. */
export const CUSTOMER_EXPORT_COLUMNS = Object.keys(CUSTOMER_EXPORT_HEADERS) as CustomerExportColumn[];

/** The export's body as documented: UTF-8 CSV with a BOM, a header row, CRLF line ends. */
export const customerExportCsvSchema = z.string().describe('text/csv; charset=utf-8, UTF-8 BOM, header row first');
