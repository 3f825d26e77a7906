import { useMutation } from '@tanstack/react-query';

import { authClient } from '../../../lib/auth-client';
import { authError } from '../../../lib/auth-error';

/**
 * Sends a confirmation link to the new address; the address changes only when it is followed
 * (decision 0026), so nothing on screen changes yet.
 */
export function useChangeEmail() {
  return useMutation({
    mutationFn: async (newEmail: string) => {
      const { error } = await authClient.changeEmail({ newEmail });
      if (error) throw authError(error, 'Could not send the confirmation link.');
    },
  });
}
