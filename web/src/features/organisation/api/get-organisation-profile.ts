import type { OrganisationProfile } from '@receivables/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';

export const organisationProfileQueryKey = ['organisation', 'profile'] as const;

/** Settings → Organisation: name, default currency, holidays and time zone — `GET /api/organisation/profile`. */
export function getOrganisationProfile(signal?: AbortSignal): Promise<OrganisationProfile> {
  return apiClient.get<OrganisationProfile>('/api/organisation/profile', { signal });
}

export const organisationProfileQueryOptions = () =>
  queryOptions({ queryKey: organisationProfileQueryKey, queryFn: ({ signal }) => getOrganisationProfile(signal) });

export function useOrganisationProfile() {
  return useQuery(organisationProfileQueryOptions());
}
