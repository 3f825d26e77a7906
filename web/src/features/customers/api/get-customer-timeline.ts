import type { TimelineResponse } from '@receivables/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { customerKeys } from '../../../app/query-keys/customer-keys';
import { apiClient } from '../../../lib/api-client';


export const TIMELINE_PAGE_SIZE = 20;

/** One page of a customer's timeline, newest first: `GET /api/customers/{id}/timeline`. */
export function getCustomerTimeline(customerId: string, offset: number, signal?: AbortSignal): Promise<TimelineResponse> {
  return apiClient.get<TimelineResponse>(`/api/customers/${encodeURIComponent(customerId)}/timeline`, {
    query: { limit: TIMELINE_PAGE_SIZE, offset },
    signal,
  });
}

export const customerTimelineQueryOptions = (customerId: string) =>
  infiniteQueryOptions({
    queryKey: customerKeys.timeline(customerId),
    queryFn: ({ signal, pageParam }) => getCustomerTimeline(customerId, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.rows.length, 0);
      return loaded < last.total && last.rows.length > 0 ? loaded : undefined;
    },
  });

export function useCustomerTimeline(customerId: string) {
  return useInfiniteQuery(customerTimelineQueryOptions(customerId));
}
