import { queryOptions, useQuery } from '@tanstack/react-query';

import { authError } from '../../../lib/auth-error';
import { authGet } from '../../../lib/auth-get';

export interface OrganizationSummary {
  id: string;
  name: string;
}

/** The organisations the signed-in user belongs to, by name (slugs are never shown). */
export async function getOrganizations(): Promise<OrganizationSummary[]> {
  const { data, error } = await authGet('/organization/list');
  if (error) throw authError(error, 'Could not load your organisations.');
  // better-auth's answer, parsed as its client parses it (lib/auth-get.ts).
  return ((data ?? []) as OrganizationSummary[])
    .map(({ id, name }) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));
}

export const organizationsQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'organizations'] as const, queryFn: getOrganizations });

export function useOrganizations() {
  return useQuery(organizationsQueryOptions());
}
