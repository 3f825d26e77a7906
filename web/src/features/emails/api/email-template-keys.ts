import type { EmailTemplatePreviewRequest } from '@receivables/contracts';

/**
 * Query keys of reminder templates. Not under `['emails']`: Activity's email events live at
 * `/api/emails/{eventId}` in the UI but are a different resource.
 */
export const emailTemplateKeys = {
  all: ['email-templates'] as const,
  list: ['email-templates', 'list'] as const,
  preview: (request: EmailTemplatePreviewRequest | null) => ['email-templates', 'preview', request] as const,
};
