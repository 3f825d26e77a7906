import type { CustomerBulkActionInput, CustomerBulkResult } from '@receivables/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';
import { workflowKeys } from '../../workflows/api/workflow-keys';

import { customerKeys } from './customer-keys';
import { tagsQueryKey } from './get-tags';

/** One action over the named customers or every match of the list: `POST /api/customers/bulk`. */
export function bulkUpdateCustomers(input: CustomerBulkActionInput): Promise<CustomerBulkResult> {
  return apiClient.request<CustomerBulkResult>('/api/customers/bulk', {
    method: 'POST',
    body: input,
    headers: idempotencyHeaders(),
  });
}

export function useBulkUpdateCustomers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkUpdateCustomers,
    onSuccess: async (_result, input) => {
      // The list and the open pages of the named customers; everything about customers when the
      // action reached every match (one key, not one per customer); the tags when a name was new;
      // the workflows' counts of the customers that chose them when a workflow was assigned.
      const changed = input.customer_ids ? [customerKeys.lists, ...input.customer_ids.map(customerKeys.detail)] : [customerKeys.all];
      await Promise.all([
        ...changed.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
        input.action.type === 'add_tag' ? queryClient.invalidateQueries({ queryKey: tagsQueryKey }) : undefined,
        input.action.type === 'assign_workflow' ? queryClient.invalidateQueries({ queryKey: workflowKeys.list }) : undefined,
      ]);
    },
  });
}
