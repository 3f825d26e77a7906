import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { authError } from '../../../lib/auth-error';

export async function setActiveOrganization(organizationId: string): Promise<void> {
  // The auth client loads when it is needed, not with the shell (decision 0004, Route splitting).
  const { authClient } = await import('../../../lib/auth-client');
  const { error } = await authClient.organization.setActive({ organizationId });
  if (error) throw authError(error, 'Could not switch organisation.');
}

/**
 * Makes an organisation active. Every cached row belongs to the previous organisation, and so does
 * the JWT (it carries the org id), so both are dropped (docs/product.md).
 */
export function useSetActiveOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setActiveOrganization,
    onSuccess: () => {
      apiClient.clearToken();
      queryClient.clear();
    },
  });
}
