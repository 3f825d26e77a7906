import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { authClient } from '../../../lib/auth-client';
import { authError } from '../../../lib/auth-error';

import { getSession, SESSION_MISSING, sessionQueryKey } from './get-session';

export interface SignInInput {
  email: string;
  password: string;
}

/** Signs in and returns the fresh session, so the caller can tell whether an org is active. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignInInput) => {
      const { error } = await authClient.signIn.email(input);
      if (error) throw authError(error, 'Could not sign you in.');
      // Nothing cached for a previous user may leak into this one.
      apiClient.clearToken();
      queryClient.clear();
      const session = await getSession();
      if (!session) throw authError({ status: 401 }, SESSION_MISSING);
      queryClient.setQueryData(sessionQueryKey, session);
      return session;
    },
  });
}
