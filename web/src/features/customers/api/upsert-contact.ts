import type { ContactUpsert, CustomerDetail } from '@receivables/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { applyCustomerWrite } from '../../../app/query-keys/customer-keys';
import { apiClient } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';


/** Create or replace the primary or escalation contact: `POST /api/customers/{id}/contact`. */
export function upsertContact(id: string, input: ContactUpsert): Promise<CustomerDetail> {
  return apiClient.request<CustomerDetail>(`/api/customers/${encodeURIComponent(id)}/contact`, {
    method: 'POST',
    body: input,
    headers: idempotencyHeaders(),
  });
}

export function useUpsertContact(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ContactUpsert) => upsertContact(id, input),
    onSuccess: (customer) => applyCustomerWrite(queryClient, customer),
  });
}
