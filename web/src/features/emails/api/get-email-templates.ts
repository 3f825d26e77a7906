import type { EmailTemplateListResponse } from '@receivables/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';

import { emailTemplateKeys } from './email-template-keys';

/** The organisation's reminder templates, by name: `GET /api/emails/`. */
export function getEmailTemplates(signal?: AbortSignal): Promise<EmailTemplateListResponse> {
  return apiClient.get<EmailTemplateListResponse>('/api/emails/', { signal });
}

export const emailTemplatesQueryOptions = () =>
  queryOptions({ queryKey: emailTemplateKeys.list, queryFn: ({ signal }) => getEmailTemplates(signal) });

export function useEmailTemplates() {
  return useQuery(emailTemplatesQueryOptions());
}
