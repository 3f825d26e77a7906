import type { CustomerDetail, CustomerPause } from '@receivables/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { applyCustomerWrite } from '../../../app/query-keys/customer-keys';
import { apiClient } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';


/** Stop chasing until a date, or indefinitely with `until: null`: `POST /api/customers/{id}/pause`. */
export function pauseCustomer(id: string, input: CustomerPause): Promise<CustomerDetail> {
  return apiClient.request<CustomerDetail>(`/api/customers/${encodeURIComponent(id)}/pause`, {
    method: 'POST',
    body: input,
    headers: idempotencyHeaders(),
  });
}

export function usePauseCustomer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomerPause) => pauseCustomer(id, input),
    onSuccess: (customer) => applyCustomerWrite(queryClient, customer),
  });
}
