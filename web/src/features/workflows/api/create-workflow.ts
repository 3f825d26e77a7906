import type { Workflow, WorkflowCreate } from '@receivables/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';

import { refreshWorkflows } from './workflow-keys';

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
