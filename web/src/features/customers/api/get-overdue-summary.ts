import type { OverdueSummary } from '@receivables/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { customerKeys } from '../../../app/query-keys/customer-keys';
import { apiClient } from '../../../lib/api-client';


/** What is overdue, per currency (`GET /api/customers/overdue-summary`); under the customer keys so every customer change refreshes it. */
export const overdueSummaryQueryOptions = () =>
  queryOptions({
    queryKey: [...customerKeys.all, 'overdue-summary'] as const,
    queryFn: ({ signal }) => apiClient.get<OverdueSummary>('/api/customers/overdue-summary', { signal }),
  });

export function useOverdueSummary() {
  return useQuery(overdueSummaryQueryOptions());
}
