import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';

import { importKeys } from './import-keys';

/** Throw away an import that was never started: `DELETE /api/imports/{id}/` (204). */
export function discardImport(id: string): Promise<undefined> {
  return apiClient.request<undefined>(`/api/imports/${encodeURIComponent(id)}/`, { method: 'DELETE' });
}

export function useDiscardImport(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => discardImport(id),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: importKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: importKeys.lists });
    },
  });
}
