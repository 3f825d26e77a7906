import type { CustomerNoteListResponse } from '@receivables/contracts';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';

import { customerKeys } from '../../../app/query-keys/customer-keys';
import { apiClient } from '../../../lib/api-client';

export const CUSTOMER_NOTES_LIMIT = 100;

/** A customer's notes and logged calls, newest first: `GET /api/customers/{id}/notes/` (decision 0043). */
export function getCustomerNotes(customerId: string, signal?: AbortSignal): Promise<CustomerNoteListResponse> {
  return apiClient.get<CustomerNoteListResponse>(`/api/customers/${encodeURIComponent(customerId)}/notes/`, {
    query: { limit: CUSTOMER_NOTES_LIMIT },
    signal,
  });
}

export const customerNotesQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: customerKeys.notes(customerId),
    queryFn: ({ signal }) => getCustomerNotes(customerId, signal),
  });

export function useCustomerNotes(customerId: string) {
  return useQuery(customerNotesQueryOptions(customerId));
}

/**
 * After a note or a call is written, changed, deleted or followed up: its card, the customer's
 * timeline (which shows it) and Home's To do (which counts follow-ups; its key is under the
 * customer keys, `features/home/api/get-to-do.ts`) are read again.
 */
export async function refreshAfterNoteWrite(queryClient: QueryClient, customerId: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: customerKeys.notes(customerId) }),
    queryClient.invalidateQueries({ queryKey: customerKeys.timeline(customerId) }),
    queryClient.invalidateQueries({ queryKey: [...customerKeys.all, 'to-do'] }),
  ]);
}
