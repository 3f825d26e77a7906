import type { Workflow, WorkflowListResponse, WorkflowUpdate } from '@receivables/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { refreshWorkflows, workflowKeys } from '../../../app/query-keys/workflow-keys';
import { apiClient } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';
import { applyWorkflowUpdateToList } from '../workflow-steps';


/** Rename, enable or disable, make default, or reorder steps: `PUT /api/workflows/`. */
export function updateWorkflow(input: WorkflowUpdate): Promise<Workflow> {
  return apiClient.request<Workflow>('/api/workflows/', { method: 'PUT', body: input, headers: idempotencyHeaders() });
}

const updateKey = ['workflows', 'update'] as const;

/**
 * The change shows at once (a dragged step stays where it was dropped) and is rolled back if the
 * server refuses it; the caller shows the refusal. Updates run one after another: each reorder
 * names the whole order as the screen shows it, so two in flight must not land out of turn.
 */
export function useUpdateWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updateKey,
    scope: { id: 'workflows.update' },
    mutationFn: updateWorkflow,
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: workflowKeys.list });
      const before = queryClient.getQueryData<WorkflowListResponse>(workflowKeys.list);
      if (before) queryClient.setQueryData(workflowKeys.list, applyWorkflowUpdateToList(before, input));
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) queryClient.setQueryData(workflowKeys.list, context.before);
    },
    // Refetching while a later update waits would briefly show the order before it.
    onSettled: () => (queryClient.isMutating({ mutationKey: updateKey }) > 1 ? undefined : refreshWorkflows(queryClient)),
  });
}
