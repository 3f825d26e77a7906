import type { InvitationLookup } from '@receivables/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { authClient } from '../../../lib/auth-client';
import { authError } from '../../../lib/auth-error';

import { teamKeys } from './team-keys';

/** An invitation as its accept page shows it, to anyone holding the link: `GET /api/invitations/{id}`. */
export function getInvitation(id: string, signal?: AbortSignal): Promise<InvitationLookup> {
  return apiClient.get<InvitationLookup>(`/api/invitations/${id}`, { signal });
}

export const invitationQueryOptions = (id: string) =>
  queryOptions({ queryKey: teamKeys.invitation(id), queryFn: ({ signal }) => getInvitation(id, signal), staleTime: 0, retry: false });

export function useInvitation(id: string) {
  return useQuery(invitationQueryOptions(id));
}

/**
 * Accept as the signed-in person (better-auth checks the address and that it still works, adds
 * the membership and makes the organisation active). The token and every cached answer belonged
 * to the organisation before, so all go, and the organisation list is read again with the new one.
 */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (invitationId: string) => {
      const { error } = await authClient.organization.acceptInvitation({ invitationId });
      if (error) throw authError(error, 'Could not accept the invitation.');
    },
    onSuccess: () => {
      apiClient.clearToken();
      queryClient.clear();
    },
  });
}
