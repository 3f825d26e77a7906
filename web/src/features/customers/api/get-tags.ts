import type { TagListResponse } from '@receivables/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';

export const tagsQueryKey = ['tags'] as const;

/** Every tag of the organisation, by name: `GET /api/tags`. */
export function getTags(signal?: AbortSignal): Promise<TagListResponse> {
  return apiClient.get<TagListResponse>('/api/tags', { signal });
}

export const tagsQueryOptions = () => queryOptions({ queryKey: tagsQueryKey, queryFn: ({ signal }) => getTags(signal) });

export function useTags({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...tagsQueryOptions(), enabled });
}
