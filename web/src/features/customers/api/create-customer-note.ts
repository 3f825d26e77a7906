import type { CustomerNote, CustomerNoteCreateInput } from '@receivables/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';

import { refreshAfterNoteWrite } from './get-customer-notes';

/** Add a note or log a call: `POST /api/customers/{id}/notes/` (decision 0043). */
export function createCustomerNote(customerId: string, input: CustomerNoteCreateInput): Promise<CustomerNote> {
  return apiClient.request<CustomerNote>(`/api/customers/${encodeURIComponent(customerId)}/notes/`, {
    method: 'POST',
    body: input,
    headers: idempotencyHeaders(),
  });
}

export function useCreateCustomerNote(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomerNoteCreateInput) => createCustomerNote(customerId, input),
    onSuccess: () => refreshAfterNoteWrite(queryClient, customerId),
  });
}
