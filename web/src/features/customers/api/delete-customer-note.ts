import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';

import { refreshAfterNoteWrite } from './get-customer-notes';

/** Delete a note or a call: `DELETE /api/notes/{id}/` (204; decision 0043). */
export function deleteCustomerNote(id: string): Promise<null> {
  return apiClient.request<null>(`/api/notes/${encodeURIComponent(id)}/`, { method: 'DELETE' });
}

export function useDeleteCustomerNote(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomerNote,
    onSuccess: () => refreshAfterNoteWrite(queryClient, customerId),
  });
}
