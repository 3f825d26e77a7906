import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { authClient } from '../../../lib/auth-client';
import { authError } from '../../../lib/auth-error';

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
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
