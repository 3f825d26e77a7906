import { z } from 'zod';

import { currencyInputSchema } from '../common/dates';
import { listResponseSchema } from '../common/list';
import { pageQuerySchema } from '../common/paging';
import { textSchema } from '../common/text';
import { currencySchema } from '../customers/customer';

import { dateOrderSchema, importMappingSchema, mappingProblems } from './import-fields';

/** Largest CSV upload, in bytes: ample for 100,000 invoice rows; the server may lower it by config. */
export const IMPORT_MAX_BYTES_DEFAULT = 50 * 1024 * 1024;
/** Data rows shown on the mapping screen. */
export const IMPORT_PREVIEW_ROWS = 10;

/**
 * An import's life: `uploaded` (stored, waiting for its mapping) → `queued` → `running` →
 * `completed`, or `failed` when the job stopped on an error that is not a row's fault.
 */
export const importStatusSchema = z.enum(['uploaded', 'queued', 'running', 'completed', 'failed']);
export type ImportStatus = z.infer<typeof importStatusSchema>;

/** An import as the API returns it (`/api/imports/{id}/`); counts grow while it runs. */
export const customerImportSchema = z.object({
  id: z.uuid(),
  filename: z.string(),
  status: importStatusSchema,
  /** The header row, as written in the file. */
  headers: z.array(z.string()),
  /** The first data rows, for the mapping screen's preview. */
  preview: z.array(z.array(z.string())),
  /** Suggested from the header names and the preview's dates. */
  suggested_mapping: importMappingSchema,
  suggested_date_order: dateOrderSchema,
  /** What the import was started with; null until then. */
  mapping: importMappingSchema.nullable(),
  default_currency: currencySchema.nullable(),
  date_order: dateOrderSchema.nullable(),
  total_rows: z.number().int().nonnegative(),
  processed_rows: z.number().int().nonnegative(),
  rejected_rows: z.number().int().nonnegative(),
  customers_created: z.number().int().nonnegative(),
  invoices_created: z.number().int().nonnegative(),
  invoices_updated: z.number().int().nonnegative(),
  invoices_unchanged: z.number().int().nonnegative(),
  /** Why a `failed` import stopped. */
  error: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  started_at: z.iso.datetime({ offset: true }).nullable(),
  finished_at: z.iso.datetime({ offset: true }).nullable(),
});
export type CustomerImport = z.infer<typeof customerImportSchema>;

/** `POST /api/imports/` takes the file as the raw body (`text/csv`) and its name in the query. */
export const importUploadQuerySchema = z.object({
  filename: textSchema({ min: 1, max: 255 }).default('import.csv'),
});
export type ImportUploadQuery = z.infer<typeof importUploadQuerySchema>;

/** `POST /api/imports/{id}/start`: how to read the file; the import then runs in the background. */
export const importStartSchema = z
  .object({
    mapping: importMappingSchema,
    default_currency: currencyInputSchema,
    date_order: dateOrderSchema,
  })
  .superRefine((v, ctx) => {
    for (const { field, reason } of mappingProblems(v.mapping)) ctx.addIssue({ code: 'custom', path: ['mapping', field], message: reason });
  });
export type ImportStart = z.infer<typeof importStartSchema>;
export type ImportStartInput = z.input<typeof importStartSchema>;

/**
 * `POST /api/imports/{id}/check`: how many rows a mapping would import, read as the import reads
 * them (unreadable rows and repeated invoice numbers are refused), without importing anything.
 * Rows may still be refused when imported for clashing with data already in the organisation.
 */
export const importCheckSchema = z.object({
  rows_to_import: z.number().int().nonnegative(),
  rows_refused: z.number().int().nonnegative(),
});
export type ImportCheck = z.infer<typeof importCheckSchema>;

export const importIdParamsSchema = z.object({ id: z.uuid() });

/** `GET /api/imports/`: this organisation's imports, newest first. */
export const importListQuerySchema = pageQuerySchema;
export const importListResponseSchema = listResponseSchema(customerImportSchema);
export type ImportListResponse = z.infer<typeof importListResponseSchema>;

/** A row the import refused: its row number as a spreadsheet shows it (the header is row 1). */
export const rejectedRowSchema = z.object({
  row: z.number().int().min(2),
  reason: z.string(),
  cells: z.array(z.string()),
});
export type RejectedRow = z.infer<typeof rejectedRowSchema>;

/** `GET /api/imports/{id}/rejected/`: rejected rows in file order. The full file: `rejected.csv`. */
export const rejectedRowListResponseSchema = listResponseSchema(rejectedRowSchema);
export type RejectedRowListResponse = z.infer<typeof rejectedRowListResponseSchema>;
