import type { OrganisationProfile, OrganisationProfileUpdateInput } from '@receivables/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { organisationSettingsQueryKey } from '../../../app/api/get-organisation-settings';
import { refreshCustomerPlans } from '../../../app/query-keys/customer-keys';
import { apiClient } from '../../../lib/api-client';
import { organizationsQueryOptions } from '../../orgs/api/get-organizations';
import { settingsKeys } from '../../settings/api/settings-keys';

import { organisationProfileQueryKey } from './get-organisation-profile';


/**
 * Save Settings → Organisation: `PUT /api/organisation/profile`. No Idempotency-Key: the body is
 * the whole profile, so sending it twice leaves the same (decision 0028).
 */
export function updateOrganisationProfile(input: OrganisationProfileUpdateInput): Promise<OrganisationProfile> {
  return apiClient.request<OrganisationProfile>('/api/organisation/profile', { method: 'PUT', body: input });
}

export function useUpdateOrganisationProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganisationProfile,
    onSuccess: async (profile) => {
      queryClient.setQueryData(organisationProfileQueryKey, profile);
      // The switcher shows the name at once; the time zone decides every screen's today and the
      // currency what Home opens on; the zone and the holidays move the chasing calendar and plans.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: organisationSettingsQueryKey }),
        queryClient.invalidateQueries({ queryKey: settingsKeys.chasing }),
        refreshCustomerPlans(queryClient),
      ]);
    },
  });
}
