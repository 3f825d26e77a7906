import type { Letterhead, LetterheadUpdate } from '@receivables/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';

import { letterheadQueryKey } from './get-letterhead';

/** Save the letterhead: `PUT /api/organisation/letterhead`, the whole of it (no Idempotency-Key: saving it twice leaves the same). */
export function updateLetterhead(input: LetterheadUpdate): Promise<Letterhead> {
  return apiClient.request<Letterhead>('/api/organisation/letterhead', { method: 'PUT', body: input });
}

export function useUpdateLetterhead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLetterhead,
    // Previews read the letterhead when rendered; only this form caches it.
    onSuccess: (saved) => queryClient.setQueryData(letterheadQueryKey, saved),
  });
}
