import type { WorkflowAction, WorkflowActionWrite } from '@receivables/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { refreshWorkflows } from '../../../app/query-keys/workflow-keys';
import { apiClient } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';

import { emailTemplatesQueryKey } from './get-email-templates';

/** Add a step (no id; it goes last in its standing) or change one: `POST /api/workflows/action/`. */
export function saveWorkflowAction(input: WorkflowActionWrite): Promise<WorkflowAction> {
  return apiClient.request<WorkflowAction>('/api/workflows/action/', { method: 'POST', body: input, headers: idempotencyHeaders() });
}

export function useSaveWorkflowAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWorkflowAction,
    // A template's "used by" count changes with the steps that send it.
    onSuccess: () => Promise.all([refreshWorkflows(queryClient), queryClient.invalidateQueries({ queryKey: emailTemplatesQueryKey })]),
  });
}
