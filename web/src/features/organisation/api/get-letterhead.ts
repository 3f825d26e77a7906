import type { Letterhead } from '@receivables/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';

export const letterheadQueryKey = ['organisation', 'letterhead'] as const;

/** The company details and logo every email carries — `GET /api/organisation/letterhead` (decision 0038). */
export function getLetterhead(signal?: AbortSignal): Promise<Letterhead> {
  return apiClient.get<Letterhead>('/api/organisation/letterhead', { signal });
}

export const letterheadQueryOptions = () => queryOptions({ queryKey: letterheadQueryKey, queryFn: ({ signal }) => getLetterhead(signal) });

export function useLetterhead() {
  return useQuery(letterheadQueryOptions());
}
