import type { QueryClient } from '@tanstack/react-query';

import { getSession, SESSION_MISSING, sessionQueryKey } from '../../../app/api/get-session';
import { apiClient } from '../../../lib/api-client';
import type { AuthSession } from '../../../lib/auth-client';
import { authError } from '../../../lib/auth-error';


/**
 * After a sign-in or sign-up: forget every token and cached answer of whoever was here before,
 * then read the new session (the caller checks whether it has an active organisation).
 */
export async function startSession(queryClient: QueryClient): Promise<AuthSession> {
  apiClient.clearToken();
  queryClient.clear();
  const session = await getSession();
  if (!session) throw authError({ status: 401 }, SESSION_MISSING);
  queryClient.setQueryData(sessionQueryKey, session);
  return session;
}
