import { z } from 'zod';

import { customerBulkOperationSchema } from './customer-bulk';

/**
 * A bulk action over every match runs in the background (decision 0008): `running` from the moment
 * it is accepted until every customer of its snapshot is done (`succeeded`) or it stopped on an
 * error (`failed`, with the batches before it kept).
 */
export const customerBulkJobStatusSchema = z.enum(['running', 'succeeded', 'failed']);
export type CustomerBulkJobStatus = z.infer<typeof customerBulkJobStatusSchema>;

/**
 * `POST /api/customers/bulk` with `matching` answers 202 with this; `GET /api/customers/bulk/{jobId}`
 * answers it as it goes. `total` is how many customers matched when the action was accepted,
 * `processed` how many of them are done, `updated` how many of those actually changed (each with
 * its audit entry): the others already were so.
 */
export const customerBulkJobSchema = z.object({
  id: z.uuid(),
  status: customerBulkJobStatusSchema,
  /** The action, a tag named by its name resolved to the tag's id. */
  action: customerBulkOperationSchema,
  total: z.number().int().nonnegative(),
  processed: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  /** Why a `failed` job stopped, and what of it was done; null otherwise. */
  error: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  finished_at: z.iso.datetime({ offset: true }).nullable(),
});
export type CustomerBulkJob = z.infer<typeof customerBulkJobSchema>;

export const customerBulkJobParamsSchema = z.object({ jobId: z.uuid() });

/** Whether a job is still going: what a client polls on. */
export const isCustomerBulkJobRunning = (job: Pick<CustomerBulkJob, 'status'>): boolean => job.status === 'running';
