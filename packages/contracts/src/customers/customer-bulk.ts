import { z } from 'zod';

import { calendarDateSchema } from '../common/dates';
import { tagCreateSchema } from '../tags/tag';

/** The most customers one bulk action may name (a page of the list is at most 500). */
export const CUSTOMER_BULK_MAX = 1000;

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

/** `POST /api/customers/bulk`: one action over up to {@link CUSTOMER_BULK_MAX} distinct customers. */
export const customerBulkActionSchema = z.object({
  customer_ids: z
    .array(z.uuid())
    .min(1)
    .max(CUSTOMER_BULK_MAX)
    .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, 'must not repeat a customer'),
  action: customerBulkOperationSchema,
});
export type CustomerBulkAction = z.infer<typeof customerBulkActionSchema>;

/** The customers the action actually changed (one audit entry each); the others were already so. */
export const customerBulkResultSchema = z.object({
  updated: z.number().int().nonnegative(),
  customer_ids: z.array(z.uuid()),
});
export type CustomerBulkResult = z.infer<typeof customerBulkResultSchema>;
