import type { SendToMeRequest, SendToMeResponse } from '@receivables/contracts';
import { useMutation } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';

/**
 * Send the saved template to the signed-in person, whatever the sending mode, rendered as the
 * preview shows it for `request`'s customer and wording: `POST /api/emails/{id}/send_to_me`. 422
 * with the reason when no mail server is set.
 */
export function sendTemplateToMe(id: string, request: SendToMeRequest): Promise<SendToMeResponse> {
  return apiClient.request<SendToMeResponse>(`/api/emails/${encodeURIComponent(id)}/send_to_me`, {
    method: 'POST',
    body: request,
    headers: idempotencyHeaders(),
  });
}

/** Changes nothing the app shows, so nothing is refreshed. */
export function useSendTemplateToMe(id: string) {
  return useMutation({ mutationFn: (request: SendToMeRequest) => sendTemplateToMe(id, request) });
}
