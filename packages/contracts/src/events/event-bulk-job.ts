import { z } from 'zod';

import { LIST_LIMIT_MAX } from '../common/list';
import { customerBulkJobStatusSchema } from '../customers/customer-bulk-job';

/**
 * The most planned emails one bulk action may name: a page of Activity at its largest. The
 * selection is what the person sees and ticks, page by page (decision 0045).
 */
export const EVENT_BULK_MAX = LIST_LIMIT_MAX;

/** What a bulk action does to each planned email named: what Send now and Cancel do to one (decision 0045). */
export const eventBulkActionSchema = z.enum(['send_now', 'cancel']);
export type EventBulkAction = z.infer<typeof eventBulkActionSchema>;

/**
 * `POST /api/events/bulk`: one action over up to {@link EVENT_BULK_MAX} distinct emails of the
 * organisation. Every id must be one of its emails (else a 404 naming each `event_ids[i]`, and no
 * job); an email that is no longer planned when its turn comes is left alone and counted `skipped`.
 */
export const eventBulkRequestSchema = z.object({
  action: eventBulkActionSchema,
  event_ids: z
    .array(z.uuid())
    .min(1)
    .max(EVENT_BULK_MAX)
    .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, 'must not repeat an email'),
});
export type EventBulkRequest = z.infer<typeof eventBulkRequestSchema>;

/**
 * The job, as `POST /api/events/bulk` answers it (202) and `GET /api/events/bulk/{jobId}` as it
 * goes: `total` emails named, `processed` of them done, `updated` cancelled or sent, `skipped`
 * left alone because they were no longer planned (sent, cancelled, being sent) or, for Send now,
 * could not be sent (no address to send to).
 */
export const eventBulkJobSchema = z.object({
  id: z.uuid(),
  status: customerBulkJobStatusSchema,
  action: eventBulkActionSchema,
  total: z.number().int().nonnegative(),
  processed: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  /** Why a `failed` job stopped, and what of it was done; null otherwise. */
  error: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  finished_at: z.iso.datetime({ offset: true }).nullable(),
});
export type EventBulkJob = z.infer<typeof eventBulkJobSchema>;

export const eventBulkJobParamsSchema = z.object({ jobId: z.uuid() });
