import { type InstanceInfo, instanceInfoSchema } from '@receivables/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '../../lib/api-client';

export const instanceInfoQueryKey = ['instance'] as const;

/** `GET /api/instance/`: whether account emails are sent or written to the server's log (public: no token asked for). */
export async function getInstanceInfo(signal?: AbortSignal): Promise<InstanceInfo> {
  return instanceInfoSchema.parse(await apiClient.get<unknown>('/api/instance/', { signal }));
}

export const instanceInfoQueryOptions = () =>
  queryOptions({
    queryKey: instanceInfoQueryKey,
    queryFn: ({ signal }) => getInstanceInfo(signal),
    // Set by the server's environment: it changes only with a restart.
    staleTime: Infinity,
  });

/** How this server sends account emails; `enabled` false leaves it unasked (nothing on screen needs it). */
export function useInstanceInfo(enabled = true) {
  return useQuery({ ...instanceInfoQueryOptions(), enabled });
}
