import type { Workflow, WorkflowCreate } from '@receivables/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { refreshWorkflows } from '../../../app/query-keys/workflow-keys';
import { apiClient } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';


/** A new workflow, empty or a copy of another (`duplicate_of`): `POST /api/workflows/`. */
export function createWorkflow(input: WorkflowCreate): Promise<Workflow> {
  return apiClient.request<Workflow>('/api/workflows/', { method: 'POST', body: input, headers: idempotencyHeaders() });
}

export function useCreateWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkflow,
    onSuccess: () => refreshWorkflows(queryClient),
  });
}
