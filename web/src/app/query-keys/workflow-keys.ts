import type { QueryClient } from '@tanstack/react-query';

import { refreshCustomerPlans } from './customer-keys';

/**
 * Query keys of the workflows screen; every write refreshes everything under `all`, previews and
 * the chase calendar included. Shared: a customer's workflow changes the list's counts, and an
 * email sent or cancelled in Activity changes the calendar.
 */
export const workflowKeys = {
  all: ['workflows'] as const,
  list: ['workflows', 'list'] as const,
  preview: (workflowId: string, customerId: string) => ['workflows', 'preview', workflowId, customerId] as const,
  /** Every span of the chase calendar; `calendar(days)` is one. */
  calendars: ['workflows', 'calendar'] as const,
  calendar: (days: number) => ['workflows', 'calendar', days] as const,
};

/**
 * After any workflow or step write: the list, its step counts and every preview may have changed,
 * and so may the next email on any customer page.
 */
export async function refreshWorkflows(queryClient: QueryClient): Promise<void> {
  await Promise.all([queryClient.invalidateQueries({ queryKey: workflowKeys.all }), refreshCustomerPlans(queryClient)]);
}
