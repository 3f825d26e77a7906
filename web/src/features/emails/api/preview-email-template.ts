import type { EmailTemplatePreview, EmailTemplatePreviewRequest } from '@receivables/contracts';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';

import { emailTemplateKeys } from './email-template-keys';

/**
 * A template as it is being edited, rendered for one customer exactly as they would receive it:
 * `POST /api/emails/preview/`. A POST that changes nothing, so it is read as a query.
 */
export function previewEmailTemplate(request: EmailTemplatePreviewRequest, signal?: AbortSignal): Promise<EmailTemplatePreview> {
  return apiClient.request<EmailTemplatePreview>('/api/emails/preview/', { method: 'POST', body: request, signal });
}

/** The preview of `request`; none while it is null (no customer chosen, or nothing written yet). */
export function usePreviewEmailTemplate(request: EmailTemplatePreviewRequest | null) {
  return useQuery({
    queryKey: emailTemplateKeys.preview(request),
    queryFn: request ? ({ signal }) => previewEmailTemplate(request, signal) : skipToken,
    // The last good preview stays on screen while the next one renders, so typing does not flicker.
    placeholderData: keepPreviousData,
    // Drafts are throw-away: kept a little for undo and back-and-forth, not the app's 5 minutes.
    gcTime: 30_000,
  });
}
