import type { ImportListResponse } from '@receivables/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { isImportActive } from '../import-status';

import { importKeys } from './import-keys';

/** How many imports a page of "Recent imports" shows. */
export const RECENT_IMPORTS_PAGE_SIZE = 10;

/** This organisation's imports, newest first: `GET /api/imports/`. */
export function getImports(page: { limit: number; offset: number }, signal?: AbortSignal): Promise<ImportListResponse> {
  return apiClient.get<ImportListResponse>('/api/imports/', { query: page, signal });
}

export const importsQueryOptions = (page: { limit: number; offset: number }) =>
  queryOptions({
    queryKey: importKeys.list(page),
    queryFn: ({ signal }) => getImports(page, signal),
    placeholderData: keepPreviousData,
    // An import still running elsewhere keeps its row's status and counts moving.
    refetchInterval: (query) => (query.state.data?.rows.some((row) => isImportActive(row.status)) ? 3000 : false),
  });

export function useImports(page: { limit: number; offset: number }) {
  return useQuery(importsQueryOptions(page));
}
