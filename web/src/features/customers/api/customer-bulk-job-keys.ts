/**
 * Query keys of bulk jobs over every match; outside `customerKeys.all`, so refreshing everything
 * about customers when a job finishes does not refetch the job itself.
 */
export const customerBulkJobKeys = {
  detail: (id: string) => ['customer-bulk-jobs', 'detail', id] as const,
  /** Which job the customer list shows (use-followed-bulk-job.ts): state of this tab, not of the server. */
  followed: ['customer-bulk-jobs', 'followed'] as const,
};
