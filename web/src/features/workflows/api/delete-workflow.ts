import { useMutation, useQueryClient } from '@tanstack/react-query';

import { customerKeys } from '../../../app/query-keys/customer-keys';
import { workflowKeys } from '../../../app/query-keys/workflow-keys';
import { apiClient } from '../../../lib/api-client';

export interface DeleteWorkflowInput {
  id: string;
  /** Where its customers go; without it they follow the default. */
  reassignTo?: string;
}

/** Delete a workflow, moving its customers: `DELETE /api/workflows/{id}/?reassign_to=`. */
export function deleteWorkflow({ id, reassignTo }: DeleteWorkflowInput): Promise<void> {
  return apiClient.request<undefined>(`/api/workflows/${encodeURIComponent(id)}/`, {
    method: 'DELETE',
    query: { reassign_to: reassignTo },
  });
}

export function useDeleteWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWorkflow,
    onSuccess: (_answer, { id }) =>
      Promise.all([
        // Not the deleted workflow's own previews: still on screen for a moment, they would ask for it again (404).
        queryClient.invalidateQueries({ queryKey: workflowKeys.all, predicate: (query) => !query.queryKey.includes(id) }),
        // Its customers now follow another workflow: their pages must not show the old one.
        queryClient.invalidateQueries({ queryKey: customerKeys.all }),
      ]),
  });
}
