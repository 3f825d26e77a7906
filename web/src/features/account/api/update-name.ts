import { useMutation, useQueryClient } from '@tanstack/react-query';

import { sessionQueryKey } from '../../../app/api/get-session';
import { authClient } from '../../../lib/auth-client';
import { authError } from '../../../lib/auth-error';

/** Renames the signed-in person; the session is read again so the menu shows the new name. */
export function useUpdateName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const { error } = await authClient.updateUser({ name });
      if (error) throw authError(error, 'Could not save your name.');
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
