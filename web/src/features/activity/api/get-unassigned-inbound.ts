import type { InboundEmailListResponse } from '@receivables/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';

import { inboundKeys, type UnassignedParams } from './inbound-keys';

/** Received emails no customer was found for, newest first: `GET /api/inbound/unassigned/`. */
export function getUnassignedInbound(params: UnassignedParams, signal?: AbortSignal): Promise<InboundEmailListResponse> {
  return apiClient.get<InboundEmailListResponse>('/api/inbound/unassigned/', { query: { limit: params.limit, offset: params.offset }, signal });
}

export const unassignedInboundQueryOptions = (params: UnassignedParams) =>
  queryOptions({
    queryKey: inboundKeys.unassigned(params),
    queryFn: ({ signal }) => getUnassignedInbound(params, signal),
    placeholderData: keepPreviousData,
  });

export function useUnassignedInbound(params: UnassignedParams, isEnabled = true) {
  return useQuery({ ...unassignedInboundQueryOptions(params), enabled: isEnabled });
}
