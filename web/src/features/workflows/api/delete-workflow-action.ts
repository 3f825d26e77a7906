import { useMutation, useQueryClient } from '@tanstack/react-query';

import { refreshWorkflows } from '../../../app/query-keys/workflow-keys';
import { apiClient } from '../../../lib/api-client';

import { emailTemplatesQueryKey } from './get-email-templates';

/** Remove a step: `DELETE /api/workflows/action/{id}/`. The default's last step is refused (422). */
export function deleteWorkflowAction(id: string): Promise<void> {
  return apiClient.request<undefined>(`/api/workflows/action/${encodeURIComponent(id)}/`, { method: 'DELETE' });
}

export function useDeleteWorkflowAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWorkflowAction,
    onSuccess: () => Promise.all([refreshWorkflows(queryClient), queryClient.invalidateQueries({ queryKey: emailTemplatesQueryKey })]),
  });
}
