import { useMutation } from '@tanstack/react-query';

import { authClient } from '../../../lib/auth-client';
import { authError } from '../../../lib/auth-error';

/**
 * Asks better-auth to email a reset link. It answers the same whether or not the address has an
 * account, so the screen cannot tell either (decision 0026). The link comes back to this origin.
 */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: async (email: string) => {
      const { error } = await authClient.requestPasswordReset({ email, redirectTo: `${window.location.origin}/reset-password` });
      if (error) throw authError(error, 'Could not ask for a reset link.');
    },
  });
}
