import type { Account, StripeInstallCompleteInput } from '@receivables/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';

import { accountKeys } from './account-keys';

/** Finish a connection with what Stripe sent back: `POST /api/stripe/complete/`. */
export function completeStripeInstall(input: StripeInstallCompleteInput): Promise<{ account: Account }> {
  return apiClient.request<{ account: Account }>('/api/stripe/complete/', { method: 'POST', body: input });
}

export function useCompleteStripeInstall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeStripeInstall,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
