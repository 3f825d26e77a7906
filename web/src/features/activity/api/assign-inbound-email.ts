import type { InboundEmailDetail } from '@receivables/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';

import { refreshAfterInboundChange } from './inbound-keys';

/**
 * Attach an unassigned received email to a customer: `POST /api/inbound/{id}/assign`. It becomes
 * an email on their Activity and chasing reacts as if it had matched; 409 when it is on a customer
 * already, 404 for an unknown customer.
 */
export function assignInboundEmail(id: string, customerId: string): Promise<InboundEmailDetail> {
  return apiClient.request<InboundEmailDetail>(`/api/inbound/${encodeURIComponent(id)}/assign`, {
    method: 'POST',
    body: { customer_id: customerId },
    headers: idempotencyHeaders(),
  });
}

/** Whatever the answer (a 409: someone attached it meanwhile), the unassigned inbox is read again. */
export function useAssignInboundEmail(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (customerId: string) => assignInboundEmail(id, customerId),
    onSettled: (_answer, _error, customerId) => refreshAfterInboundChange(queryClient, customerId),
  });
}
