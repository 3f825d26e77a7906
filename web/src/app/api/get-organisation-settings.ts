import type { OrganisationView } from '@receivables/contracts';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';

import { apiClient } from '../../lib/api-client';

export const organisationSettingsQueryKey = ['organisation', 'settings'] as const;

/** The organisation's time zone and default currency: `GET /api/organisation/`. */
export function getOrganisationSettings(signal?: AbortSignal): Promise<OrganisationView> {
  return apiClient.get<OrganisationView>('/api/organisation/', { signal });
}

export const organisationSettingsQueryOptions = () =>
  queryOptions({ queryKey: organisationSettingsQueryKey, queryFn: ({ signal }) => getOrganisationSettings(signal) });

/**
 * The signed-in organisation's settings. The `_authenticated` route loads them before any screen
 * renders, so this does not wait (it suspends only if the cache was dropped meanwhile).
 */
export function useOrganisationSettings(): OrganisationView {
  return useSuspenseQuery(organisationSettingsQueryOptions()).data;
}
