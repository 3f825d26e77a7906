import type { CustomerPlan } from '@receivables/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { customerKeys } from '../../../app/query-keys/customer-keys';
import { apiClient } from '../../../lib/api-client';


/**
 * The workflow a customer follows (its own, else the organisation's default) and the next email
 * it would send, or why none: `GET /api/customers/{id}/plan/`.
 */
export function getCustomerPlan(customerId: string, signal?: AbortSignal): Promise<CustomerPlan> {
  return apiClient.get<CustomerPlan>(`/api/customers/${encodeURIComponent(customerId)}/plan/`, { signal });
}

export const customerPlanQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: customerKeys.plan(customerId),
    queryFn: ({ signal }) => getCustomerPlan(customerId, signal),
  });

export function useCustomerPlan(customerId: string) {
  return useQuery(customerPlanQueryOptions(customerId));
}
