import { queryOptions, useQuery } from '@tanstack/react-query';

import { authClient } from '../../../lib/auth-client';
import { authError } from '../../../lib/auth-error';

export interface OrganizationSummary {
  id: string;
  name: string;
}

/** The organisations the signed-in user belongs to, by name (slugs are never shown). */
export async function getOrganizations(): Promise<OrganizationSummary[]> {
  const { data, error } = await authClient.organization.list();
  if (error) throw authError(error, 'Could not load your organisations.');
  return data
    .map(({ id, name }) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));
}

export const organizationsQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'organizations'] as const, queryFn: getOrganizations });

export function useOrganizations() {
  return useQuery(organizationsQueryOptions());
}
