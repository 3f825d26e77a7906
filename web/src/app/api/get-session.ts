import { queryOptions, useQuery } from '@tanstack/react-query';

import type { AuthSession } from '../../lib/auth-client';
import { authError } from '../../lib/auth-error';
import { authGet } from '../../lib/auth-get';

/** Signed in, yet no session cookie came back: almost always blocked cookies. */
export const SESSION_MISSING = 'You were signed in, but your browser did not keep the session. Check that cookies are allowed for this site.';

export const sessionQueryKey = ['auth', 'session'] as const;

/** The better-auth session, or null when signed out. */
export async function getSession(): Promise<AuthSession | null> {
  const { data, error } = await authGet('/get-session');
  if (error) {
    // No or expired cookie is simply "signed out"; anything else is a real failure.
    if (error.status === 401) return null;
    throw authError(error, 'Could not check your session.');
  }
  // better-auth's answer, parsed as its client parses it (lib/auth-get.ts).
  return (data as AuthSession | null) ?? null;
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: getSession,
    // Re-checked often enough to notice a sign-out elsewhere, rarely enough not to slow navigation.
    staleTime: 60_000,
    retry: false,
  });

export function useSession() {
  return useQuery(sessionQueryOptions());
}
