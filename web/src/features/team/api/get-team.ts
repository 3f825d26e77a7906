import type { TeamView } from '@receivables/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';

import { teamKeys } from './team-keys';

/** The members and the invitations not yet accepted: `GET /api/team/`. */
export function getTeam(signal?: AbortSignal): Promise<TeamView> {
  return apiClient.get<TeamView>('/api/team/', { signal });
}

export const teamQueryOptions = () => queryOptions({ queryKey: teamKeys.all, queryFn: ({ signal }) => getTeam(signal) });

export function useTeam() {
  return useQuery(teamQueryOptions());
}
