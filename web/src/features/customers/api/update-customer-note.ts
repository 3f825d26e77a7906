import type { CustomerNote, CustomerNoteUpdateInput } from '@receivables/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';

import { refreshAfterNoteWrite } from './get-customer-notes';

/** Change a note or a call: `PUT /api/notes/{id}/` (decision 0043). */
export function updateCustomerNote(id: string, input: CustomerNoteUpdateInput): Promise<CustomerNote> {
  return apiClient.request<CustomerNote>(`/api/notes/${encodeURIComponent(id)}/`, { method: 'PUT', body: input, headers: idempotencyHeaders() });
}

export function useUpdateCustomerNote(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: CustomerNoteUpdateInput }) => updateCustomerNote(id, input),
    onSuccess: () => refreshAfterNoteWrite(queryClient, customerId),
  });
}
