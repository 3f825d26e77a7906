import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';

/** Leave the organisation: `POST /api/team/leave`. */
export function leaveOrganisation(): Promise<undefined> {
  return apiClient.request<undefined>('/api/team/leave', { method: 'POST', headers: idempotencyHeaders() });
}

/**
 * Once left, the session has no organisation and every cached answer and the token were the old
 * organisation's: all are dropped, as when switching (docs/product.md).
 */
export function useLeaveOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveOrganisation,
    onSuccess: () => {
      apiClient.clearToken();
      queryClient.clear();
    },
  });
}
