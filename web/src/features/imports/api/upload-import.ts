import type { CustomerImport } from '@receivables/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';

import { importKeys } from './import-keys';

/**
 * Stores a CSV file and reads its header and first rows: `POST /api/imports/?filename=`, the file
 * as the raw body. Nothing is imported until the mapping is started.
 */
export function uploadImport(file: File): Promise<CustomerImport> {
  return apiClient.request<CustomerImport>('/api/imports/', {
    method: 'POST',
    query: { filename: file.name },
    rawBody: file,
    headers: { 'content-type': 'text/csv' },
  });
}

export function useUploadImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadImport,
    onSuccess: async (created) => {
      queryClient.setQueryData(importKeys.detail(created.id), created);
      await queryClient.invalidateQueries({ queryKey: importKeys.lists });
    },
  });
}
