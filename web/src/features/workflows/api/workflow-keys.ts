import type { QueryClient } from '@tanstack/react-query';

import { refreshCustomerPlans } from '../../customers/api/customer-keys';

/** Query keys of the workflows screen; every write refreshes everything under `all`, previews included. */
export const workflowKeys = {
  all: ['workflows'] as const,
  list: ['workflows', 'list'] as const,
  preview: (workflowId: string, customerId: string) => ['workflows', 'preview', workflowId, customerId] as const,
};

/**
 * After any workflow or step write: the list, its step counts and every preview may have changed,
 * and so may the next email on any customer page.
 */
export async function refreshWorkflows(queryClient: QueryClient): Promise<void> {
  await Promise.all([queryClient.invalidateQueries({ queryKey: workflowKeys.all }), refreshCustomerPlans(queryClient)]);
}
