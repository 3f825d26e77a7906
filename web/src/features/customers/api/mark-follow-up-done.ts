import type { CustomerNote } from '@receivables/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';

import { refreshAfterNoteWrite } from './get-customer-notes';

/** Mark a follow-up done, off Home's To do: `POST /api/notes/{id}/follow-up-done` (decision 0043). */
export function markFollowUpDone(id: string): Promise<CustomerNote> {
  return apiClient.request<CustomerNote>(`/api/notes/${encodeURIComponent(id)}/follow-up-done`, { method: 'POST', headers: idempotencyHeaders() });
}

/** Marks a follow-up done; the customer's notes, timeline and Home's To do follow. */
export function useMarkFollowUpDone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markFollowUpDone,
    onSuccess: (note) => refreshAfterNoteWrite(queryClient, note.customer_id),
  });
}
