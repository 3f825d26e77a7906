import { useMutation } from '@tanstack/react-query';

import { authClient } from '../../../lib/auth-client';
import { authError } from '../../../lib/auth-error';
import type { RequestError } from '../../../lib/request-error';

/** better-auth's word for a reset link that is unknown, used or expired; it answers 400 with it. */
export function isInvalidResetLink(error: RequestError): boolean {
  return error.status === 400 && /token/i.test(error.message);
}

/** Sets the new password with the emailed token; every session of the account ends with it. */
export function useResetPassword() {
  return useMutation({
    mutationFn: async (input: { token: string; newPassword: string }) => {
      const { error } = await authClient.resetPassword(input);
      if (error) throw authError(error, 'Could not set your new password.');
    },
  });
}
