import type { InboundCounts } from '@receivables/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';

import { inboundKeys } from './inbound-keys';

/** Replies arrive on their own: the counts are read again this often, and whenever the window regains focus. */
export const INBOUND_COUNTS_REFRESH_MS = 60_000;

/** Unread and unassigned received emails, for the menu and the inbox tab: `GET /api/inbound/counts/`. */
export function getInboundCounts(signal?: AbortSignal): Promise<InboundCounts> {
  return apiClient.get<InboundCounts>('/api/inbound/counts/', { signal });
}

export const inboundCountsQueryOptions = () =>
  queryOptions({
    queryKey: inboundKeys.counts,
    queryFn: ({ signal }) => getInboundCounts(signal),
    staleTime: INBOUND_COUNTS_REFRESH_MS,
    refetchInterval: INBOUND_COUNTS_REFRESH_MS,
    refetchOnWindowFocus: true,
  });

/** `isEnabled` false while nobody is signed in to an organisation (a public page): nothing is asked. */
export function useInboundCounts(isEnabled = true) {
  return useQuery({ ...inboundCountsQueryOptions(), enabled: isEnabled });
}
