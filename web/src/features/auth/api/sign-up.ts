import { useMutation, useQueryClient } from '@tanstack/react-query';

import { authClient } from '../../../lib/auth-client';
import { authError } from '../../../lib/auth-error';

import { startSession } from './start-session';

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
}

/** Creates the account; better-auth signs the new user in straight away. */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignUpInput) => {
      const { error } = await authClient.signUp.email(input);
      if (error) throw authError(error, 'Could not create your account.');
      return startSession(queryClient);
    },
  });
}
