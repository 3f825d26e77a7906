import { useMutation, useQueryClient } from '@tanstack/react-query';

import { authClient } from '../../../lib/auth-client';
import { authError } from '../../../lib/auth-error';

import { startSession } from './start-session';

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
}

/**
 * A sign-up whose sign-in was refused: the address already had an account with another password.
 * The server answered the sign-up as for a new address and emailed that account's owner (issue 28,
 * finding 8), so the form says what may have happened rather than that the address is taken.
 */
export class AddressMayHaveAccountError extends Error {
  constructor() {
    super('This address may already have an account');
    this.name = 'AddressMayHaveAccountError';
  }
}

/**
 * Creates the account, then signs in to it: a sign-up starts no session of its own, so that it
 * answers alike whether or not the address already had an account.
 */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignUpInput) => {
      const signedUp = await authClient.signUp.email(input);
      if (signedUp.error) throw authError(signedUp.error, 'Could not create your account.');
      const signedIn = await authClient.signIn.email({ email: input.email, password: input.password });
      if (signedIn.error?.status === 401) throw new AddressMayHaveAccountError();
      if (signedIn.error) throw authError(signedIn.error, 'Your account is ready, but we could not sign you in. Try signing in.');
      return startSession(queryClient);
    },
  });
}
