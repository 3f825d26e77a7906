import type { CustomerDetail } from '@receivables/contracts';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';

import { customerKeys } from '../../../app/query-keys/customer-keys';
import { apiClient } from '../../../lib/api-client';


/** One customer: `GET /api/customers/{id}/`; a missing one is an error (404). */
export function getCustomer(id: string, signal?: AbortSignal): Promise<CustomerDetail> {
  return apiClient.get<CustomerDetail>(`/api/customers/${encodeURIComponent(id)}/`, { signal });
}

export const customerQueryOptions = (id: string) =>
  queryOptions({
    queryKey: customerKeys.detail(id),
    queryFn: ({ signal }) => getCustomer(id, signal),
  });

/** For routes whose loader has already ensured the data. */
export function useCustomer(id: string) {
  return useSuspenseQuery(customerQueryOptions(id));
}
