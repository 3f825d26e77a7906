import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';

import { emailTemplateKeys } from './email-template-keys';

/** Delete a template no workflow uses; one in use is a 409 naming the workflows: `DELETE /api/emails/{id}`. */
export function deleteEmailTemplate(id: string): Promise<void> {
  return apiClient.request<undefined>(`/api/emails/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEmailTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailTemplateKeys.list }),
  });
}
