import type { Payment, PaymentCreateInput } from '@receivables/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { customerKeys } from '../../../app/query-keys/customer-keys';
import { apiClient } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';

/** Record money received, against one invoice or on account: `POST /api/payments/` (decision 0037). */
export function createPayment(input: PaymentCreateInput): Promise<Payment> {
  return apiClient.request<Payment>('/api/payments/', { method: 'POST', body: input, headers: idempotencyHeaders() });
}

/**
 * A payment changes the customer's figures, standing, invoices, timeline and plan, and Home's
 * totals and To do: everything under the customer keys is read again.
 */
export function useCreatePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPayment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
