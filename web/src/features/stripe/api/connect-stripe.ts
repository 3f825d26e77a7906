import type { StripeConnect } from '@receivables/contracts';
import { useMutation } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';

/** The install link to send the person to, with a signed single-use state: `POST /api/stripe/connect/`. */
export function connectStripe(): Promise<StripeConnect> {
  return apiClient.request<StripeConnect>('/api/stripe/connect/', { method: 'POST' });
}

/** Ask for the install link and go there: Stripe sends the person back to /callback/stripe. */
export function useConnectStripe(go: (url: string) => void = (url) => window.location.assign(url)) {
  return useMutation({ mutationFn: connectStripe, onSuccess: ({ url }) => go(url) });
}
