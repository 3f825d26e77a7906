import { z } from 'zod';

import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX, listResponseSchema, sortOrderSchema } from '../common/list';
import { textSchema } from '../common/text';

import { customerSchema } from './customer';
import { customerCursorSchema } from './customer-cursor';
import { customerFilterStrSchema } from './customer-filter-str';
import { customerSortFieldSchema } from './customer-sort';

export { type CustomerSortField, customerSortFieldSchema } from './customer-sort';
export { type CustomerCursor, encodeCustomerCursor } from './customer-cursor';

/**
 * The strict server-side query of `GET /api/customers/`. `filter_str` is a string on the wire and
 * typed filters once parsed (`customerFilterStrSchema`); the export and bulk actions take the same.
 */
export const customerListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(LIST_LIMIT_MAX).default(LIST_LIMIT_DEFAULT),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  sort_field: customerSortFieldSchema
    .default('name')
    .describe(
      'amount_overdue ranks within each currency, never across (decision 0013): the organisation’s default currency first, ' +
        'then the other currencies by code, each by amount in sort_order',
    ),
  sort_order: sortOrderSchema.default('asc'),
  filter_str: customerFilterStrSchema.optional(),
  q: textSchema({ max: 200 }).optional(),
  /** A `next_cursor`: the page after it (keyset), `offset` rows further on. Only for the sort it came from. */
  after: customerCursorSchema.optional(),
});
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;
export type CustomerListQueryInput = z.input<typeof customerListQuerySchema>;

/** Counting stops here: past it `total` is this bound and `total_capped` is true (decision 0029). */
export const CUSTOMER_TOTAL_CAP = 1_000;

export const customerListResponseSchema = listResponseSchema(customerSchema).extend({
  /** More than `total` customers match: counting a million rows on every page would cost more than the page. */
  total_capped: z.boolean(),
  /** Pass as `after` for the next page in the same sort; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type CustomerListResponse = z.infer<typeof customerListResponseSchema>;
