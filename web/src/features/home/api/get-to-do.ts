import type { ToDo } from '@receivables/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { customerKeys } from '../../../app/query-keys/customer-keys';
import { apiClient } from '../../../lib/api-client';

/**
 * What needs a person today (`GET /api/home/to-do`, decision 0040); under the customer keys so a
 * pause, a payment or a resume anywhere refreshes it, as it does the overdue summary.
 */
export const toDoQueryOptions = () =>
  queryOptions({
    queryKey: [...customerKeys.all, 'to-do'] as const,
    queryFn: ({ signal }) => apiClient.get<ToDo>('/api/home/to-do', { signal }),
  });

export function useToDo() {
  return useQuery(toDoQueryOptions());
}
