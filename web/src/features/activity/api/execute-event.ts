import type { EventDetail } from '@receivables/contracts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';

import { customerKeys } from '../../../app/query-keys/customer-keys';
import { workflowKeys } from '../../../app/query-keys/workflow-keys';
import { apiClient } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';

import { eventKeys, refreshAfterEventChange } from './event-keys';

/**
 * Send an email now, by hand: `POST /api/events/execute/{id}/` answers the email as it stands after
 * the attempt. 409 when it was sent or is being sent meanwhile, 422 when no mail server or from
 * address is set. Asking again with the same `headers` (the same Idempotency-Key) after a lost
 * answer replays the first answer, never a second send.
 */
export function executeEvent(id: string, headers: Record<string, string> = idempotencyHeaders()): Promise<EventDetail> {
  return apiClient.request<EventDetail>(`/api/events/execute/${encodeURIComponent(id)}/`, { method: 'POST', headers });
}

/**
 * A sent email moves the customer's last contact and next email: the customer with its timeline
 * and plan, and every list of customers (Home's too).
 */
function refreshCustomer(queryClient: QueryClient, customerId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: customerKeys.detail(customerId) }),
    queryClient.invalidateQueries({ queryKey: customerKeys.lists }),
  ]);
}

/**
 * The answer is the page: shown as it came, then everything else showing the email is read again
 * (Activity, the calendar, the timeline, the customer). A refusal (409: sent meanwhile) means the
 * email changed under the page, so the page is read again too.
 */
export function useExecuteEvent(id: string, customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (headers: Record<string, string>) => executeEvent(id, headers),
    onSuccess: (event) => {
      queryClient.setQueryData(eventKeys.detail(id), event);
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: eventKeys.all, predicate: (query) => query.queryKey[1] !== 'detail' }),
        queryClient.invalidateQueries({ queryKey: workflowKeys.calendars }),
        refreshCustomer(queryClient, customerId),
      ]);
    },
    onError: () => void Promise.all([refreshAfterEventChange(queryClient, customerId), refreshCustomer(queryClient, customerId)]),
  });
}
