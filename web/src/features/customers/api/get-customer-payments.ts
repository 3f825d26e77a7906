import type { PaymentListResponse } from '@receivables/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { customerKeys } from '../../../app/query-keys/customer-keys';
import { apiClient } from '../../../lib/api-client';


export const CUSTOMER_PAYMENTS_LIMIT = 100;

/** A customer's payments, newest first: `GET /api/customers/{id}/payments/`. */
export function getCustomerPayments(customerId: string, signal?: AbortSignal): Promise<PaymentListResponse> {
  return apiClient.get<PaymentListResponse>(`/api/customers/${encodeURIComponent(customerId)}/payments/`, {
    query: { limit: CUSTOMER_PAYMENTS_LIMIT },
    signal,
  });
}

export const customerPaymentsQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: customerKeys.payments(customerId),
    queryFn: ({ signal }) => getCustomerPayments(customerId, signal),
  });

export function useCustomerPayments(customerId: string) {
  return useQuery(customerPaymentsQueryOptions(customerId));
}
