import type { CustomerImport } from '@receivables/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { customerKeys } from '../../../app/query-keys/customer-keys';
import { apiClient } from '../../../lib/api-client';
import { isImportActive } from '../import-status';

import { importKeys } from './import-keys';

/** How often a running import is asked for its progress. */
export const IMPORT_POLL_MS = 1000;

/** One import with its progress and counts: `GET /api/imports/{id}/`. */
export function getImport(id: string, signal?: AbortSignal): Promise<CustomerImport> {
  return apiClient.get<CustomerImport>(`/api/imports/${encodeURIComponent(id)}/`, { signal });
}

export const importQueryOptions = (id: string) =>
  queryOptions({
    queryKey: importKeys.detail(id),
    queryFn: async ({ signal, client, queryKey }) => {
      const before = client.getQueryData<CustomerImport>(queryKey);
      const current = await getImport(id, signal);
      if (before && isImportActive(before.status) && !isImportActive(current.status)) {
        // It has just finished: customers, invoices and the list of imports now read differently.
        await Promise.all([
          client.invalidateQueries({ queryKey: customerKeys.all }),
          client.invalidateQueries({ queryKey: importKeys.lists }),
        ]);
      }
      return current;
    },
    refetchInterval: (query) => (query.state.data && isImportActive(query.state.data.status) ? IMPORT_POLL_MS : false),
  });

export function useImport(id: string) {
  return useQuery(importQueryOptions(id));
}
