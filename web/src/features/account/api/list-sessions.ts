import { queryOptions, useQuery } from '@tanstack/react-query';

import { authClient } from '../../../lib/auth-client';
import { authError } from '../../../lib/auth-error';

export const sessionsQueryKey = ['auth', 'sessions'] as const;

/** One signed-in browser of the person, as better-auth lists it. */
export interface AccountSession {
  id: string;
  token: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Every session of the signed-in person that has not expired, most recently active first. */
export async function listSessions(): Promise<AccountSession[]> {
  const { data, error } = await authClient.listSessions();
  if (error) throw authError(error, 'Could not list your sessions.');
  return data
    .map((s) => ({
      id: s.id,
      token: s.token,
      userAgent: s.userAgent ?? null,
      ipAddress: s.ipAddress ?? null,
      createdAt: new Date(s.createdAt),
      updatedAt: new Date(s.updatedAt),
    }))
    .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime());
}

export const sessionsQueryOptions = () => queryOptions({ queryKey: sessionsQueryKey, queryFn: listSessions, retry: false });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
