import type { CustomerImport, ImportStartInput } from '@receivables/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient, isRequestError } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';

import { importKeys } from './import-keys';

/** Reads the file with this mapping, in the background: `POST /api/imports/{id}/start` (202). */
export function startImport(id: string, input: ImportStartInput): Promise<CustomerImport> {
  return apiClient.request<CustomerImport>(`/api/imports/${encodeURIComponent(id)}/start`, {
    method: 'POST',
    body: input,
    headers: idempotencyHeaders(),
  });
}

export function useStartImport(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportStartInput) => startImport(id, input),
    onSuccess: async (started) => {
      // The answer is `queued`: the detail query polls from here on.
      queryClient.setQueryData(importKeys.detail(id), started);
      await queryClient.invalidateQueries({ queryKey: importKeys.lists });
    },
    onError: async (error) => {
      // Started already (another tab, a double submit): show where it has got to.
      if (isRequestError(error) && error.status === 409) await queryClient.invalidateQueries({ queryKey: importKeys.detail(id) });
    },
  });
}
