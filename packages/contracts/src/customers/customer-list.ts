import { z } from 'zod';

import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX, listResponseSchema, sortOrderSchema } from '../common/list';
import { textSchema } from '../common/text';

import { customerSchema } from './customer';
import { customerFilterStrSchema } from './customer-filter-str';

/** Columns the customer list can be sorted by (docs/api-conventions.md). Nulls always sort last. */
export const customerSortFieldSchema = z.enum([
  'name',
  'currency',
  'standing',
  'amount_overdue',
  'n_invoices',
  'due_date',
  'last_chase_at',
  'created_at',
]);
export type CustomerSortField = z.infer<typeof customerSortFieldSchema>;

/**
 * The strict server-side query of `GET /api/customers/`. `filter_str` is a string on the wire and
 * typed filters once parsed (`customerFilterStrSchema`); the export and bulk actions take the same.
 */
export const customerListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(LIST_LIMIT_MAX).default(LIST_LIMIT_DEFAULT),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  sort_field: customerSortFieldSchema.default('name'),
  sort_order: sortOrderSchema.default('asc'),
  filter_str: customerFilterStrSchema.optional(),
  q: textSchema({ max: 200 }).optional(),
});
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;
export type CustomerListQueryInput = z.input<typeof customerListQuerySchema>;

export const customerListResponseSchema = listResponseSchema(customerSchema);
export type CustomerListResponse = z.infer<typeof customerListResponseSchema>;
