import type { EmailSettings, SenderSettingsUpdate } from '@receivables/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { refreshCustomerPlans } from '../../../app/query-keys/customer-keys';
import { apiClient } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';

import { settingsKeys } from './settings-keys';

/** Change who reminders are from: `PUT /api/settings/email/sender`. */
export function updateSenderSettings(input: SenderSettingsUpdate): Promise<EmailSettings> {
  return apiClient.request<EmailSettings>('/api/settings/email/sender', { method: 'PUT', body: input, headers: idempotencyHeaders() });
}

export function useUpdateSenderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSenderSettings,
    onSuccess: async (settings) => {
      queryClient.setQueryData(settingsKeys.email, settings);
      // The sender's name and signature are in every planned email's preview.
      await refreshCustomerPlans(queryClient);
    },
  });
}
