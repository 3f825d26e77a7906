import { z } from 'zod';

import { customerListQuerySchema } from './customer-list';

/**
 * `GET /api/customers/export.csv`: the list's query (search, filters, sort) without paging;
 * every match is exported in the list's order.
 */
export const customerExportQuerySchema = customerListQuerySchema.omit({ limit: true, offset: true });
export type CustomerExportQuery = z.infer<typeof customerExportQuerySchema>;
export type CustomerExportQueryInput = z.input<typeof customerExportQuerySchema>;

/**
 * The export's columns, in order, as its header row names them. `amount_overdue` is in major
 * units with the currency's own decimals (GBP 1234.50, JPY 1500), `last_contact` an ISO date-time or empty, `tags` names joined by "; ".
 */
export const CUSTOMER_EXPORT_COLUMNS = [
  'name',
  'standing',
  'amount_overdue',
  'currency',
  'n_invoices',
  'days_late',
  'oldest_due_date',
  'last_contact',
  'tags',
  'primary_contact_email',
  'external_ref',
  'id',
] as const;
export type CustomerExportColumn = (typeof CUSTOMER_EXPORT_COLUMNS)[number];

/** The export's body as documented: UTF-8 CSV with a BOM, a header row, CRLF line ends. */
export const customerExportCsvSchema = z.string().describe('text/csv; charset=utf-8, UTF-8 BOM, header row first');
