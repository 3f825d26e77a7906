import {
  type CustomerBulkJob,
  type CustomerBulkMatchingInput,
  type CustomerBulkOperation,
  type CustomerBulkResult,
  isCustomerBulkJobRunning,
} from '@receivables/contracts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';

import { customerKeys } from '../../../app/query-keys/customer-keys';
import { workflowKeys } from '../../../app/query-keys/workflow-keys';
import { apiClient } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';

import { customerBulkJobKeys } from './customer-bulk-job-keys';
import { tagsQueryKey } from './get-tags';

/** One action over up to 1,000 named customers, applied at once: `POST /api/customers/bulk` (200). */
export function bulkUpdateCustomers(input: { customer_ids: string[]; action: CustomerBulkOperation }): Promise<CustomerBulkResult> {
  return apiClient.request<CustomerBulkResult>('/api/customers/bulk', {
    method: 'POST',
    body: input,
    headers: idempotencyHeaders(),
  });
}

/**
 * One action over every customer the list's search and filters match: the same `POST`, answered
 * 202 with a background job whose progress `GET /api/customers/bulk/{jobId}` reads (decision 0008).
 */
export function startCustomerBulkJob(input: {
  matching: CustomerBulkMatchingInput;
  action: CustomerBulkOperation;
}): Promise<CustomerBulkJob> {
  return apiClient.request<CustomerBulkJob>('/api/customers/bulk', {
    method: 'POST',
    body: input,
    headers: idempotencyHeaders(),
  });
}

/**
 * After an action reached customers: the tags when a name may have been new; the workflows' counts
 * of the customers that chose them when a workflow was assigned.
 */
function refreshAround(queryClient: QueryClient, action: CustomerBulkOperation): Promise<unknown>[] {
  return [
    action.type === 'add_tag' ? queryClient.invalidateQueries({ queryKey: tagsQueryKey }) : Promise.resolve(),
    action.type === 'assign_workflow' ? queryClient.invalidateQueries({ queryKey: workflowKeys.list }) : Promise.resolve(),
  ];
}

/** After a job over every match finished: everything about customers (one key, not one per customer). */
export async function refreshAfterBulkJob(queryClient: QueryClient, action: CustomerBulkOperation): Promise<void> {
  await Promise.all([queryClient.invalidateQueries({ queryKey: customerKeys.all }), ...refreshAround(queryClient, action)]);
}

export function useBulkUpdateCustomers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkUpdateCustomers,
    onSuccess: async (_result, input) => {
      // The list and the open pages of the named customers.
      const changed = [customerKeys.lists, ...input.customer_ids.map(customerKeys.detail)];
      await Promise.all([
        ...changed.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
        ...refreshAround(queryClient, input.action),
      ]);
    },
  });
}

export function useStartCustomerBulkJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startCustomerBulkJob,
    onSuccess: async (job) => {
      // The answer is the job as accepted: its detail query polls from here on.
      queryClient.setQueryData(customerBulkJobKeys.detail(job.id), job);
      // Nothing matched, so it is finished already; a tag named may still be new.
      if (!isCustomerBulkJobRunning(job)) await refreshAfterBulkJob(queryClient, job.action);
    },
  });
}
