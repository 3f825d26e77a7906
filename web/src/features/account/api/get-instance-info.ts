import { type InstanceInfo, instanceInfoSchema } from '@receivables/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { httpError, RequestError } from '../../../lib/request-error';

export const instanceInfoQueryKey = ['instance'] as const;

/**
 * `GET /api/instance/`: whether account emails are sent or written to the server's log. Public, so
 * it is fetched without the API client, which would first ask for a bearer token a signed-out
 * visitor does not have.
 */
export async function getInstanceInfo(signal?: AbortSignal): Promise<InstanceInfo> {
  let response: Response;
  try {
    response = await fetch('/api/instance/', { headers: { accept: 'application/json' }, signal });
  } catch (cause) {
    throw new RequestError({ kind: 'network', message: 'Could not reach the server.', url: '/api/instance/', cause });
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw httpError(response.status, body, '/api/instance/');
  return instanceInfoSchema.parse(body);
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
