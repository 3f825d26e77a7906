import type { EmailTemplateListResponse } from '@receivables/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';

/** The templates a step can send; the Settings screen edits them (a write there should refresh this key). */
export const emailTemplatesQueryKey = ['email-templates'] as const;

/** The organisation's reminder templates, by name: `GET /api/emails/`. */
export function getEmailTemplates(signal?: AbortSignal): Promise<EmailTemplateListResponse> {
  return apiClient.get<EmailTemplateListResponse>('/api/emails/', { signal });
}

export const emailTemplatesQueryOptions = () =>
  queryOptions({ queryKey: emailTemplatesQueryKey, queryFn: ({ signal }) => getEmailTemplates(signal) });

export function useEmailTemplates({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...emailTemplatesQueryOptions(), enabled });
}
