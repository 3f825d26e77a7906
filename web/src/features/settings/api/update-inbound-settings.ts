import type { EmailSettings, InboundSettingsUpdate } from '@receivables/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';

import { settingsKeys } from './settings-keys';

type InboundSettings = EmailSettings['inbound'];

/** Whether a customer's reply pauses its chasing: `PUT /api/settings/email/inbound` (decision 0021). */
export function updateInboundSettings(input: InboundSettingsUpdate): Promise<InboundSettings> {
  return apiClient.request<InboundSettings>('/api/settings/email/inbound', { method: 'PUT', body: input, headers: idempotencyHeaders() });
}

export function useUpdateInboundSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInboundSettings,
    onSuccess: (inbound) =>
      queryClient.setQueryData<EmailSettings>(settingsKeys.email, (settings) => (settings ? { ...settings, inbound } : settings)),
  });
}
