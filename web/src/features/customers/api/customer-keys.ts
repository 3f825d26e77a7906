import type { CustomerDetail } from '@receivables/contracts';
import type { QueryClient } from '@tanstack/react-query';

/** Query keys under one customer; the detail itself is `['customers', 'detail', id]`. */
export const customerKeys = {
  /** Everything about customers, for a change as wide as a CSV import. */
  all: ['customers'] as const,
  detail: (id: string) => ['customers', 'detail', id] as const,
  invoices: (id: string) => ['customers', 'detail', id, 'invoices'] as const,
  payments: (id: string) => ['customers', 'detail', id, 'payments'] as const,
  timeline: (id: string) => ['customers', 'detail', id, 'timeline'] as const,
  lists: ['customers', 'list'] as const,
};

/**
 * After a write that answered the customer: show the answer, and refresh what it changed
 * elsewhere (the list's rows and this customer's timeline).
 */
export async function applyCustomerWrite(queryClient: QueryClient, customer: CustomerDetail): Promise<void> {
  queryClient.setQueryData(customerKeys.detail(customer.id), customer);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: customerKeys.lists }),
    queryClient.invalidateQueries({ queryKey: customerKeys.timeline(customer.id) }),
  ]);
}
