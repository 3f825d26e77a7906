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

function withInbound(inbound: Partial<InboundSettings>) {
  return (settings: EmailSettings | undefined): EmailSettings | undefined =>
    settings ? { ...settings, inbound: { ...settings.inbound, ...inbound } } : settings;
}

/**
 * Shown as asked from the click: the cached settings change at once (a read already in flight is
 * cancelled, so its older answer cannot switch it back), and go back to what they were if the save fails.
 */
export function useUpdateInboundSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInboundSettings,
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: settingsKeys.email, exact: true });
      const before = queryClient.getQueryData<EmailSettings>(settingsKeys.email)?.inbound;
      queryClient.setQueryData<EmailSettings>(settingsKeys.email, withInbound(input));
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) queryClient.setQueryData<EmailSettings>(settingsKeys.email, withInbound(context.before));
    },
    onSuccess: (inbound) => queryClient.setQueryData<EmailSettings>(settingsKeys.email, withInbound(inbound)),
  });
}
