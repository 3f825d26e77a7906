import type { EmailTemplate, EmailTemplateWrite } from '@receivables/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';

import { emailTemplateKeys } from './email-template-keys';

/** Change a template: `PUT /api/emails/{id}/`. */
export function updateEmailTemplate(id: string, input: EmailTemplateWrite): Promise<EmailTemplate> {
  return apiClient.request<EmailTemplate>(`/api/emails/${encodeURIComponent(id)}/`, { method: 'PUT', body: input, headers: idempotencyHeaders() });
}

export function useUpdateEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: EmailTemplateWrite }) => updateEmailTemplate(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailTemplateKeys.list }),
  });
}
