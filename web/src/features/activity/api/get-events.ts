import type { EventListResponse } from '@receivables/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';

import { type EventListParams, eventKeys } from './event-keys';

/** A page of Activity in its tab's order (decision 0040): `GET /api/events/`. */
export function getEvents(params: EventListParams, signal?: AbortSignal): Promise<EventListResponse> {
  return apiClient.get<EventListResponse>('/api/events/', {
    query: {
      tab: params.tab,
      customer_id: params.customer_id,
      status: params.status,
      workflow_id: params.workflow_id,
      from: params.from,
      to: params.to,
      limit: params.limit,
      offset: params.offset,
    },
    signal,
  });
}

export const eventsQueryOptions = (params: EventListParams) =>
  queryOptions({
    queryKey: eventKeys.list(params),
    queryFn: ({ signal }) => getEvents(params, signal),
    placeholderData: keepPreviousData,
  });

export function useEvents(params: EventListParams) {
  return useQuery(eventsQueryOptions(params));
}
