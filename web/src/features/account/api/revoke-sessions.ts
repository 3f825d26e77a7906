import { useMutation, useQueryClient } from '@tanstack/react-query';

import { authClient } from '../../../lib/auth-client';
import { authError } from '../../../lib/auth-error';

import { sessionsQueryKey } from './list-sessions';

/** Signs one other browser out (`token` is its session's). */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) => {
      const { error } = await authClient.revokeSession({ token });
      if (error) throw authError(error, 'Could not sign that session out.');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

/** Signs out every browser but this one. */
export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { error } = await authClient.revokeOtherSessions();
      if (error) throw authError(error, 'Could not sign the other sessions out.');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
