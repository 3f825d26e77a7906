import type { CustomerCreateInput, CustomerDetail } from '@receivables/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { applyCustomerWrite } from '../../../app/query-keys/customer-keys';
import { apiClient } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';


/** A customer entered by hand: `POST /api/customers/`. */
export function createCustomer(input: CustomerCreateInput): Promise<CustomerDetail> {
  return apiClient.request<CustomerDetail>('/api/customers/', { method: 'POST', body: input, headers: idempotencyHeaders() });
}

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomer,
    onSuccess: (customer) => applyCustomerWrite(queryClient, customer),
  });
}
