import type { EventDetail, InboundAnswerInput, InboundAnswerResponse } from '@receivables/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';

import { eventKeys, refreshAfterEventChange } from './event-keys';

/**
 * Send a written answer to a received email (decision 0044): `POST /api/inbound/{id}/answer`,
 * now, to whoever wrote it. `key` is the answer's Idempotency-Key: the same for the same words, so
 * a second click of Send replays the first answer instead of sending it twice. 400 naming `text`
 * or `subject`; 422 naming `sending` (disabled, no mail server) or `id` (not on a customer yet).
 */
export function answerInboundEmail(id: string, input: InboundAnswerInput, key: string): Promise<InboundAnswerResponse> {
  return apiClient.request<InboundAnswerResponse>(`/api/inbound/${encodeURIComponent(id)}/answer`, {
    method: 'POST',
    body: input,
    headers: { 'Idempotency-Key': key },
  });
}

/** The reply's page shows the answer in its conversation (read again), as do Activity and the customer's timeline. */
export function useAnswerInboundEmail(eventId: string, inboundId: string, customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: InboundAnswerInput; key: string }) => answerInboundEmail(inboundId, input, key),
    onSuccess: async ({ reply }) => {
      queryClient.setQueryData<EventDetail>(eventKeys.detail(eventId), (event) => (event ? { ...event, reply } : event));
      await refreshAfterEventChange(queryClient, customerId);
    },
  });
}
