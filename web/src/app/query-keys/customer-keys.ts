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
  notes: (id: string) => ['customers', 'detail', id, 'notes'] as const,
  /** Under the detail, so a bulk action that refreshes a customer refreshes its plan too. */
  plan: (id: string) => ['customers', 'detail', id, 'plan'] as const,
  lists: ['customers', 'list'] as const,
};

/**
 * After a write that answered the customer: show the answer, and refresh what it changed
 * elsewhere (the list's rows, this customer's timeline, and its plan: a pause, a resume or another
 * workflow changes what would be sent next).
 */
export async function applyCustomerWrite(queryClient: QueryClient, customer: CustomerDetail): Promise<void> {
  queryClient.setQueryData(customerKeys.detail(customer.id), customer);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: customerKeys.lists }),
    queryClient.invalidateQueries({ queryKey: customerKeys.timeline(customer.id) }),
    queryClient.invalidateQueries({ queryKey: customerKeys.plan(customer.id) }),
  ]);
}

/**
 * Every customer's plan, after a change to what plans are made of (a workflow's steps or switch,
 * the default, the send calendar): a customer page opened since must not show the old next email.
 */
export async function refreshCustomerPlans(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: customerKeys.all, predicate: (query) => query.queryKey[3] === 'plan' });
}
