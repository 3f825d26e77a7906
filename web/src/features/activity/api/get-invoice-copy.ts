import type { InvoiceCopyPreview } from '@receivables/contracts';
import { useQuery } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';

import { inboundKeys } from './inbound-keys';

/**
 * The copy of the customer's open invoices that sending the copy would send in answer to reply
 * `id` (`GET /api/inbound/{id}/copy/`): to whom, its subject and the invoices. A 422 says why
 * there is nothing to send (no open invoice, an automatic reply).
 */
export function getInvoiceCopy(id: string, signal?: AbortSignal): Promise<InvoiceCopyPreview> {
  return apiClient.get<InvoiceCopyPreview>(`/api/inbound/${encodeURIComponent(id)}/copy/`, { signal });
}

/** Read afresh each time the confirmation opens: invoices are paid and added meanwhile. */
export function useInvoiceCopy(id: string) {
  return useQuery({
    queryKey: inboundKeys.copy(id),
    queryFn: ({ signal }) => getInvoiceCopy(id, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
