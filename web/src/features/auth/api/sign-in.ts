import { useMutation, useQueryClient } from '@tanstack/react-query';

import { authClient } from '../../../lib/auth-client';
import { authError } from '../../../lib/auth-error';

import { startSession } from './start-session';

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
      return startSession(queryClient);
    },
  });
}
