import type { EventRow } from '@receivables/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';

import { refreshAfterEventChange } from './event-keys';

/** Stop a planned email: `POST /api/events/{id}/cancel/`; anything but a planned email is a 409. */
export function cancelEvent(id: string): Promise<EventRow> {
  return apiClient.request<EventRow>(`/api/events/${encodeURIComponent(id)}/cancel/`, { method: 'POST', headers: idempotencyHeaders() });
}

/** Whatever the answer, the email may have changed (a 409 means it already had): everything showing it is refreshed. */
export function useCancelEvent(id: string, customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelEvent(id),
    onSettled: () => refreshAfterEventChange(queryClient, customerId),
  });
}
