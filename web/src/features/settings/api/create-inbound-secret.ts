import type { EmailSettings, InboundSecret } from '@receivables/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';

import { settingsKeys } from './settings-keys';

/**
 * A new secret for the inbound webhook, replacing the old one at once: `POST
 * /api/settings/email/inbound-secret`. No Idempotency-Key: the server must not keep the answer,
 * which is the secret itself, to replay it (decision 0021).
 */
export function createInboundSecret(): Promise<InboundSecret> {
  return apiClient.request<InboundSecret>('/api/settings/email/inbound-secret', { method: 'POST' });
}

export function useCreateInboundSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInboundSecret,
    // Only when it was made goes into the cache; the secret itself stays with the dialog that shows it.
    onSuccess: ({ created_at: createdAt, webhook_url: webhookUrl }) =>
      queryClient.setQueryData<EmailSettings>(settingsKeys.email, (settings) => {
        if (!settings) return settings;
        return { ...settings, inbound: { ...settings.inbound, webhook_secret_created_at: createdAt, webhook_url: webhookUrl } };
      }),
  });
}
