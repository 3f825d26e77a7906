import type { CustomerBulkAction, CustomerBulkResult } from '@receivables/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';

import { customerKeys } from './customer-keys';
import { tagsQueryKey } from './get-tags';

/** One action over many customers: `POST /api/customers/bulk`. */
export function bulkUpdateCustomers(input: CustomerBulkAction): Promise<CustomerBulkResult> {
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
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: customerKeys.lists }),
        // Open customer pages of the changed customers, and the tag list when a name was new.
        ...input.customer_ids.map((id) => queryClient.invalidateQueries({ queryKey: customerKeys.detail(id) })),
        input.action.type === 'add_tag' ? queryClient.invalidateQueries({ queryKey: tagsQueryKey }) : undefined,
      ]);
    },
  });
}
