import type { RejectedRowListResponse } from '@receivables/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';

import { importKeys } from './import-keys';

export const REJECTED_ROWS_PAGE_SIZE = 25;

/** A page of the rows an import refused, in file order: `GET /api/imports/{id}/rejected/`. */
export function getRejectedRows(
  id: string,
  page: { limit: number; offset: number },
  signal?: AbortSignal,
): Promise<RejectedRowListResponse> {
  return apiClient.get<RejectedRowListResponse>(`/api/imports/${encodeURIComponent(id)}/rejected/`, { query: page, signal });
}

export const rejectedRowsQueryOptions = (id: string, page: { limit: number; offset: number }) =>
  queryOptions({
    queryKey: importKeys.rejected(id, page),
    queryFn: ({ signal }) => getRejectedRows(id, page, signal),
    placeholderData: keepPreviousData,
  });

export function useRejectedRows(id: string, page: { limit: number; offset: number }) {
  return useQuery(rejectedRowsQueryOptions(id, page));
}
