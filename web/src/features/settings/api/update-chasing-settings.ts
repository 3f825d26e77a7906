import type { ChasingSettings, ChasingSettingsUpdate } from '@receivables/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { organisationSettingsQueryKey } from '../../../app/api/get-organisation-settings';
import { refreshCustomerPlans } from '../../../app/query-keys/customer-keys';
import { apiClient } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';

import { settingsKeys } from './settings-keys';

/** Change the send calendar and weekly cap: `PUT /api/settings/chasing`. */
export function updateChasingSettings(input: ChasingSettingsUpdate): Promise<ChasingSettings> {
  return apiClient.request<ChasingSettings>('/api/settings/chasing', { method: 'PUT', body: input, headers: idempotencyHeaders() });
}

export function useUpdateChasingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateChasingSettings,
    onSuccess: async (settings) => {
      queryClient.setQueryData(settingsKeys.chasing, settings);
      // The time zone decides the organisation's today, which every screen counts days late from;
      // the send calendar and the weekly cap decide when a customer's next email goes out.
      await Promise.all([queryClient.invalidateQueries({ queryKey: organisationSettingsQueryKey }), refreshCustomerPlans(queryClient)]);
    },
  });
}
