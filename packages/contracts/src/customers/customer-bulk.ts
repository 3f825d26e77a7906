import { z } from 'zod';

import { calendarDateSchema } from '../common/dates';
import { tagCreateSchema } from '../tags/tag';

import { customerListQuerySchema } from './customer-list';

/** The most customers one bulk action may name (a page of the list is at most 500). */
export const CUSTOMER_BULK_MAX = 1000;

/** The most customers one bulk action may reach through `matching`; more is a 422. */
export const CUSTOMER_BULK_MATCHING_MAX = 100_000;

/** What a bulk action does to every named customer; each mirrors a single-customer endpoint. */
export const customerBulkOperationSchema = z.discriminatedUnion('type', [
  /** Add one tag (an existing id, or a name matched ignoring case or created); kept once. */
  z.object({ type: z.literal('add_tag'), tag: z.union([z.object({ id: z.uuid() }), tagCreateSchema]) }),
  z.object({ type: z.literal('remove_tag'), tag_id: z.uuid() }),
  /** As `POST /api/customers/{id}/pause`: until a future date, or indefinitely with null. */
  z.object({ type: z.literal('pause'), until: calendarDateSchema.nullable() }),
  /** As `POST /api/customers/{id}/resume`: customers not paused are left alone. */
  z.object({ type: z.literal('resume') }),
  z.object({ type: z.literal('assign_workflow'), workflow_id: z.uuid().nullable() }),
]);
export type CustomerBulkOperation = z.infer<typeof customerBulkOperationSchema>;

/**
 * Every customer the list's search and filters match (as `GET /api/customers/` and the CSV export
 * take them; `{}` is every customer). Strict, so a misspelt key is refused rather than read as
 * "no filter", which would reach the whole organisation.
 */
export const customerBulkMatchingSchema = z.strictObject(customerListQuerySchema.pick({ q: true, filter_str: true }).shape);
export type CustomerBulkMatching = z.infer<typeof customerBulkMatchingSchema>;
/** `matching` as a client sends it: `filter_str` still text (`serializeCustomerFilters`). */
export type CustomerBulkMatchingInput = z.input<typeof customerBulkMatchingSchema>;

/**
 * `POST /api/customers/bulk`: one action over exactly one of `customer_ids` (up to
 * {@link CUSTOMER_BULK_MAX} distinct customers, applied at once: 200 with the result) or
 * `matching` (up to {@link CUSTOMER_BULK_MATCHING_MAX} customers the list's search and filters
 * select, applied in the background: 202 with the job, customer-bulk-job.ts).
 */
export const customerBulkActionSchema = z
  .object({
    customer_ids: z
      .array(z.uuid())
      .min(1)
      .max(CUSTOMER_BULK_MAX)
      .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, 'must not repeat a customer')
      .optional(),
    matching: customerBulkMatchingSchema.optional(),
    action: customerBulkOperationSchema,
  })
  .superRefine((v, ctx) => {
    if (v.customer_ids !== undefined && v.matching !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['matching'], message: 'give either customer_ids or matching, not both' });
    } else if (v.customer_ids === undefined && v.matching === undefined) {
      ctx.addIssue({ code: 'custom', path: ['customer_ids'], message: 'give customer_ids or matching (the list\'s q and filter_str)' });
    }
  });
export type CustomerBulkAction = z.infer<typeof customerBulkActionSchema>;
export type CustomerBulkActionInput = z.input<typeof customerBulkActionSchema>;

/** Named customers' answer: those the action actually changed (one audit entry each); the others were already so. */
export const customerBulkResultSchema = z.object({
  updated: z.number().int().nonnegative(),
  customer_ids: z.array(z.uuid()),
});
export type CustomerBulkResult = z.infer<typeof customerBulkResultSchema>;
