import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { authError } from '../../../lib/auth-error';

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      // The auth client loads when it is needed, not with the shell (decision 0004, Route splitting).
      const { authClient } = await import('../../../lib/auth-client');
      const { error } = await authClient.signOut();
      if (error) throw authError(error, 'Could not sign you out.');
    },
    // Drop the token and every cached row even if the server call failed: the user asked to leave.
    onSettled: () => {
      apiClient.clearToken();
      queryClient.clear();
    },
  });
}
