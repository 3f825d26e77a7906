import type { ImportCheck, ImportStartInput } from '@receivables/contracts';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';

import { importKeys } from './import-keys';

/** How many rows this mapping would import: `POST /api/imports/{id}/check` (reads, changes nothing). */
export function checkImport(id: string, input: ImportStartInput, signal?: AbortSignal): Promise<ImportCheck> {
  return apiClient.request<ImportCheck>(`/api/imports/${encodeURIComponent(id)}/check`, { method: 'POST', body: input, signal });
}

/**
 * Re-counted whenever the mapping or the reading options change, keeping the last count on screen
 * meanwhile; `input` undefined (a mapping that cannot import) asks nothing.
 */
export function useImportCheck(id: string, input: ImportStartInput | undefined) {
  return useQuery({
    queryKey: importKeys.check(id, input),
    queryFn: input ? ({ signal }) => checkImport(id, input, signal) : skipToken,
    placeholderData: keepPreviousData,
  });
}
