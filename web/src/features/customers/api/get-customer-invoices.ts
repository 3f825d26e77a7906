import type { InvoiceListResponse } from '@receivables/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { customerKeys } from '../../../app/query-keys/customer-keys';
import { apiClient } from '../../../lib/api-client';


/** The page shows this many; a customer with more sees how many are left out. */
export const CUSTOMER_INVOICES_LIMIT = 100;

/** A customer's invoices, open first: `GET /api/invoices/?customer_id=`. */
export function getCustomerInvoices(customerId: string, signal?: AbortSignal): Promise<InvoiceListResponse> {
  return apiClient.get<InvoiceListResponse>('/api/invoices/', {
    query: { customer_id: customerId, limit: CUSTOMER_INVOICES_LIMIT },
    signal,
  });
}

export const customerInvoicesQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: customerKeys.invoices(customerId),
    queryFn: ({ signal }) => getCustomerInvoices(customerId, signal),
  });

export function useCustomerInvoices(customerId: string) {
  return useQuery(customerInvoicesQueryOptions(customerId));
}
