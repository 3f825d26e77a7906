import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the workflows screen; every write refreshes everything under `all`, previews included. */
export const workflowKeys = {
  all: ['workflows'] as const,
  list: ['workflows', 'list'] as const,
  preview: (workflowId: string, customerId: string) => ['workflows', 'preview', workflowId, customerId] as const,
};

/** After any workflow or step write: the list, its step counts and every preview may have changed. */
export async function refreshWorkflows(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: workflowKeys.all });
}
