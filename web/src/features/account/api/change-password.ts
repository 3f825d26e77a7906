import { useMutation, useQueryClient } from '@tanstack/react-query';

import { authClient } from '../../../lib/auth-client';
import { authError } from '../../../lib/auth-error';

import { sessionsQueryKey } from './list-sessions';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
  revokeOtherSessions: boolean;
}

/** better-auth answers a wrong current password with 400 "Invalid password". */
export const WRONG_CURRENT_PASSWORD = /invalid password/i;

/** Changes the password; other devices may be signed out with it, so the session list is read again. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ChangePasswordInput) => {
      const { error } = await authClient.changePassword(input);
      if (error) throw authError(error, 'Could not change your password.');
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
