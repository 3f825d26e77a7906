import type { CustomerExportQueryInput } from '@receivables/contracts';
import { useMutation } from '@tanstack/react-query';

import { downloadCsv } from '../../../lib/save-file';

/**
 * Every customer the list's query matches, as CSV: `GET /api/customers/export.csv`; with
 * `customer_ids`, just those (the selection).
 */
export function useExportCustomers() {
  return useMutation({
    mutationFn: (query: CustomerExportQueryInput) =>
      downloadCsv('/api/customers/export.csv', 'customers.csv', {
        q: query.q,
        sort_field: query.sort_field,
        sort_order: query.sort_order,
        filter_str: query.filter_str,
        customer_ids: query.customer_ids,
      }),
  });
}
