import type { CustomerDetail } from '@receivables/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { applyCustomerWrite } from '../../../app/query-keys/customer-keys';
import { apiClient } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';


/** End a pause now; the standing is recomputed: `POST /api/customers/{id}/resume`. */
export function resumeCustomer(id: string): Promise<CustomerDetail> {
  return apiClient.request<CustomerDetail>(`/api/customers/${encodeURIComponent(id)}/resume`, {
    method: 'POST',
    headers: idempotencyHeaders(),
  });
}

export function useResumeCustomer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resumeCustomer(id),
    onSuccess: (customer) => applyCustomerWrite(queryClient, customer),
  });
}
