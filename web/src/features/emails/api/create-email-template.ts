import type { EmailTemplate, EmailTemplateWrite } from '@receivables/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';

import { emailTemplateKeys } from './email-template-keys';

/** Save a new template; Liquid that would not render is a 400 naming the field and line: `POST /api/emails/`. */
export function createEmailTemplate(input: EmailTemplateWrite): Promise<EmailTemplate> {
  return apiClient.request<EmailTemplate>('/api/emails/', { method: 'POST', body: input, headers: idempotencyHeaders() });
}

export function useCreateEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEmailTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailTemplateKeys.list }),
  });
}
