import type { Customer, CustomerCreateInput } from '@receivables/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';

import { applyCustomerWrite } from './customer-keys';

/** A customer entered by hand: `POST /api/customers/`. */
export function createCustomer(input: CustomerCreateInput): Promise<Customer> {
  return apiClient.request<Customer>('/api/customers/', { method: 'POST', body: input, headers: idempotencyHeaders() });
}

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomer,
    onSuccess: (customer) => applyCustomerWrite(queryClient, customer),
  });
}
