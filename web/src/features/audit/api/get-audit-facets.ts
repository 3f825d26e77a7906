import type { AuditFacets } from '@receivables/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';

import { auditKeys } from './audit-keys';

/** The people and action families the log's filters offer: `GET /api/audit/facets`. */
export function getAuditFacets(signal?: AbortSignal): Promise<AuditFacets> {
  return apiClient.get<AuditFacets>('/api/audit/facets', { signal });
}

export const auditFacetsQueryOptions = () =>
  queryOptions({ queryKey: auditKeys.facets(), queryFn: ({ signal }) => getAuditFacets(signal) });

export function useAuditFacets() {
  return useQuery(auditFacetsQueryOptions());
}
