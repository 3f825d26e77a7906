import type { CustomerListQuery, CustomerListQueryInput, CustomerListResponse } from '@receivables/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '../../lib/api-client';

/**
 * The list query as the client sends it: `filter_str` as text (`serializeCustomerFilters`), which
 * the server parses back to typed filters. The server fills in defaults for what is left out.
 */
export type CustomerListParams = Partial<Omit<CustomerListQuery, 'filter_str'>> & Pick<CustomerListQueryInput, 'filter_str'>;

/** A page of customers: `GET /api/customers/`. */
export function getCustomers(params: CustomerListParams, signal?: AbortSignal): Promise<CustomerListResponse> {
  return apiClient.get<CustomerListResponse>('/api/customers/', {
    query: {
      limit: params.limit,
      offset: params.offset,
      sort_field: params.sort_field,
      sort_order: params.sort_order,
      filter_str: params.filter_str,
      q: params.q,
    },
    signal,
  });
}

export const customersQueryOptions = (params: CustomerListParams) =>
  queryOptions({
    queryKey: ['customers', 'list', params] as const,
    queryFn: ({ signal }) => getCustomers(params, signal),
    placeholderData: keepPreviousData,
  });

export function useCustomers(params: CustomerListParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...customersQueryOptions(params), enabled: options.enabled ?? true });
}
