import type { GeneratedTemplate, GenerateTemplateQuery } from '@receivables/contracts';
import { useMutation } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';

/** A subject and body in a tone, from the product's phrase library: `POST /api/generate-template/`. Nothing is saved. */
export function generateTemplate(query: GenerateTemplateQuery): Promise<GeneratedTemplate> {
  return apiClient.request<GeneratedTemplate>('/api/generate-template/', { method: 'POST', query: { tone: query.tone, kind: query.kind } });
}

export function useGenerateTemplate() {
  return useMutation({ mutationFn: generateTemplate });
}
