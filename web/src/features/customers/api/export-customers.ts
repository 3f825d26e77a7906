import type { CustomerExportQueryInput } from '@receivables/contracts';
import { useMutation } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { filenameFromDisposition, saveBlob } from '../../../lib/save-file';

const FALLBACK_NAME = 'customers.csv';

/** Every customer the list's query matches, as CSV: `GET /api/customers/export.csv`. */
export async function exportCustomers(query: CustomerExportQueryInput): Promise<{ blob: Blob; filename: string }> {
  const response = await apiClient.fetchRaw('/api/customers/export.csv', {
    query: { q: query.q, sort_field: query.sort_field, sort_order: query.sort_order, filter_str: query.filter_str },
    headers: { accept: 'text/csv' },
  });
  const filename = filenameFromDisposition(response.headers.get('content-disposition')) ?? FALLBACK_NAME;
  return { blob: await response.blob(), filename };
}

/** Downloads the export and hands it to the browser as a file. */
export function useExportCustomers() {
  return useMutation({
    mutationFn: async (query: CustomerExportQueryInput) => {
      const { blob, filename } = await exportCustomers(query);
      saveBlob(blob, filename);
      return filename;
    },
  });
}
