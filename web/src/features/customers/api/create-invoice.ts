import type { Invoice, InvoiceCreateInput } from '@receivables/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { customerKeys } from '../../../app/query-keys/customer-keys';
import { apiClient } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';

/** Add an invoice by hand: `POST /api/invoices/` without an external id, so always a new one (decision 0042). */
export function createInvoice(input: InvoiceCreateInput): Promise<Invoice> {
  return apiClient.request<Invoice>('/api/invoices/', { method: 'POST', body: input, headers: idempotencyHeaders() });
}

/**
 * A new invoice changes the customer's figures, standing, timeline and plan, and Home's totals and
 * To do: everything under the customer keys is read again, as after a payment.
 */
export function useCreateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvoice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
