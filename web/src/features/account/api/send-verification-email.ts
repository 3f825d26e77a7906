import { useMutation } from '@tanstack/react-query';

import { authClient } from '../../../lib/auth-client';
import { authError } from '../../../lib/auth-error';

/** Sends the signed-in person's address its confirmation link again. */
export function useSendVerificationEmail() {
  return useMutation({
    mutationFn: async (email: string) => {
      const { error } = await authClient.sendVerificationEmail({ email });
      if (error) throw authError(error, 'Could not send the confirmation link.');
    },
  });
}
