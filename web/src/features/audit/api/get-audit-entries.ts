import type { AuditListResponse } from '@receivables/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';

import { type AuditFilters, auditKeys } from './audit-keys';

export const AUDIT_PAGE_SIZE = 25;

/** A page of the audit log, newest first: `GET /api/audit/`, after `cursor` when given. */
export function getAuditEntries(filters: AuditFilters, cursor: string | null, signal?: AbortSignal): Promise<AuditListResponse> {
  return apiClient.get<AuditListResponse>('/api/audit/', { query: { ...filters, limit: AUDIT_PAGE_SIZE, cursor }, signal });
}

export const auditEntriesQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: auditKeys.list(filters),
    queryFn: ({ signal, pageParam }) => getAuditEntries(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

export function useAuditEntries(filters: AuditFilters) {
  return useInfiniteQuery(auditEntriesQueryOptions(filters));
}
