import type { EventDetail } from '@receivables/contracts';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';

import { eventKeys } from './event-keys';

/** One email, rendered as it goes or went, with its history: `GET /api/events/{id}/`; a missing one is a 404. */
export function getEvent(id: string, signal?: AbortSignal): Promise<EventDetail> {
  return apiClient.get<EventDetail>(`/api/events/${encodeURIComponent(id)}/`, { signal });
}

export const eventQueryOptions = (id: string) =>
  queryOptions({
    queryKey: eventKeys.detail(id),
    queryFn: ({ signal }) => getEvent(id, signal),
  });

/** For the route whose loader has already ensured the data. */
export function useEvent(id: string) {
  return useSuspenseQuery(eventQueryOptions(id));
}
