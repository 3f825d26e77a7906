import type { CustomerDetail, CustomerTagsUpdate } from '@receivables/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { applyCustomerWrite } from '../../../app/query-keys/customer-keys';
import { apiClient } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';

import { tagsQueryKey } from './get-tags';

/** Replace the customer's whole tag set (new names are created): `PUT /api/customers/{id}/tags`. */
export function updateCustomerTags(id: string, input: CustomerTagsUpdate): Promise<CustomerDetail> {
  return apiClient.request<CustomerDetail>(`/api/customers/${encodeURIComponent(id)}/tags`, {
    method: 'PUT',
    body: input,
    headers: idempotencyHeaders(),
  });
}

export function useUpdateCustomerTags(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomerTagsUpdate) => updateCustomerTags(id, input),
    onSuccess: async (customer, input) => {
      const created = input.tags.some((tag) => 'name' in tag);
      await Promise.all([
        applyCustomerWrite(queryClient, customer),
        created ? queryClient.invalidateQueries({ queryKey: tagsQueryKey }) : undefined,
      ]);
    },
  });
}
