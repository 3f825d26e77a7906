import type { Invoice, InvoiceUpdate } from '@receivables/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { customerKeys } from '../../../app/query-keys/customer-keys';
import { apiClient } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';

/** Change an invoice's amount, due date or pay link, or void, write off or reopen it: `PUT /api/invoices/{id}/`. */
export function updateInvoice({ id, ...input }: InvoiceUpdate & { id: string }): Promise<Invoice> {
  return apiClient.request<Invoice>(`/api/invoices/${encodeURIComponent(id)}/`, { method: 'PUT', body: input, headers: idempotencyHeaders() });
}

/** Like adding one, a change to an invoice moves the customer's figures and chasing: everything under the customer keys is read again. */
export function useUpdateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInvoice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
