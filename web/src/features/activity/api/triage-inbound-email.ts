import type { EventDetail, InboundEmailDetail, TriageActionInput } from '@receivables/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';

import { eventKeys } from './event-keys';
import { refreshAfterInboundChange } from './inbound-keys';

/**
 * Act on a received email (decision 0021, "Triage"): `POST /api/inbound/{id}/triage` answers the
 * message with what was done. 422 (with the field) for a promise not after today or an address
 * that is not one.
 */
export function triageInboundEmail(id: string, input: TriageActionInput): Promise<InboundEmailDetail> {
  return apiClient.request<InboundEmailDetail>(`/api/inbound/${encodeURIComponent(id)}/triage`, {
    method: 'POST',
    body: input,
    headers: idempotencyHeaders(),
  });
}

/**
 * The answer is shown on the email's page at once; the customer behind it (paused, a new
 * contact, its timeline and plan) and every list are read again.
 */
export function useTriageInboundEmail(eventId: string, inboundId: string, customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TriageActionInput) => triageInboundEmail(inboundId, input),
    onSuccess: (reply) => {
      queryClient.setQueryData<EventDetail>(eventKeys.detail(eventId), (event) => (event ? { ...event, reply } : event));
      // The customer's detail key is the prefix of its timeline's and plan's: all three are read again.
      void refreshAfterInboundChange(queryClient, customerId);
    },
  });
}
