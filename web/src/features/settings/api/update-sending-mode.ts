import type { EmailSettings, OrganisationView, SendingMode, SendingModeState } from '@receivables/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { organisationSettingsQueryKey } from '../../../app/api/get-organisation-settings';
import { refreshCustomerPlans } from '../../../app/query-keys/customer-keys';
import { apiClient } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';

import { settingsKeys } from './settings-keys';

/** Switch the sending mode: `PUT /api/settings/email/sending-mode` (sending without a server or from address is a 422). */
export function updateSendingMode(mode: SendingMode): Promise<SendingModeState> {
  return apiClient.request<SendingModeState>('/api/settings/email/sending-mode', {
    method: 'PUT',
    body: { sending_mode: mode },
    headers: idempotencyHeaders(),
  });
}

export function useUpdateSendingMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSendingMode,
    onSuccess: async (sending) => {
      queryClient.setQueryData<EmailSettings>(settingsKeys.email, (settings) => (settings ? { ...settings, sending } : settings));
      // Every screen's top bar says the mode (decision 0040).
      const withMode = (org: OrganisationView | undefined) => (org ? { ...org, sending_mode: sending.sending_mode } : org);
      queryClient.setQueryData<OrganisationView>(organisationSettingsQueryKey, withMode);
      // The chasing settings carry the mode, and a plan says when sending is disabled.
      await Promise.all([queryClient.invalidateQueries({ queryKey: settingsKeys.chasing }), refreshCustomerPlans(queryClient)]);
    },
  });
}
