import { type CustomerBulkJob, isCustomerBulkJobRunning } from '@receivables/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';

import { refreshAfterBulkJob } from './bulk-update-customers';
import { customerBulkJobKeys } from './customer-bulk-job-keys';

/** How often a running job is asked for its progress. */
export const BULK_JOB_POLL_MS = 1000;

/** One bulk job over every match, with its progress: `GET /api/customers/bulk/{jobId}`. */
export function getCustomerBulkJob(id: string, signal?: AbortSignal): Promise<CustomerBulkJob> {
  return apiClient.get<CustomerBulkJob>(`/api/customers/bulk/${encodeURIComponent(id)}`, { signal });
}

export const customerBulkJobQueryOptions = (id: string) =>
  queryOptions({
    queryKey: customerBulkJobKeys.detail(id),
    queryFn: async ({ signal, client, queryKey }) => {
      const before = client.getQueryData<CustomerBulkJob>(queryKey);
      const current = await getCustomerBulkJob(id, signal);
      // It has just finished: the list, customers' pages and the tags or workflows read differently.
      const hasEnded = before !== undefined && isCustomerBulkJobRunning(before) && !isCustomerBulkJobRunning(current);
      if (hasEnded) await refreshAfterBulkJob(client, current.action);
      return current;
    },
    refetchInterval: (query) => (query.state.data && isCustomerBulkJobRunning(query.state.data) ? BULK_JOB_POLL_MS : false),
  });

export function useCustomerBulkJob(id: string) {
  return useQuery(customerBulkJobQueryOptions(id));
}
