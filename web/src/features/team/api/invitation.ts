import type { InvitationLookup } from '@receivables/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { authClient } from '../../../lib/auth-client';
import { authError } from '../../../lib/auth-error';

import type { InvitationLink } from './invitation-link';
import { teamKeys } from './team-keys';

/** An invitation as its accept page shows it, to anyone holding the link: `GET /api/invitations/{id}?token=`. */
export function getInvitation(link: InvitationLink, signal?: AbortSignal): Promise<InvitationLookup> {
  return apiClient.get<InvitationLookup>(`/api/invitations/${link.id}?token=${encodeURIComponent(link.token)}`, { signal });
}

export const invitationQueryOptions = (link: InvitationLink) =>
  queryOptions({ queryKey: teamKeys.invitation(link), queryFn: ({ signal }) => getInvitation(link, signal), staleTime: 0, retry: false });

export function useInvitation(link: InvitationLink) {
  return useQuery(invitationQueryOptions(link));
}

/**
 * Accept as the signed-in person (better-auth checks the address and that it still works, adds
 * the membership and makes the organisation active). The token and every cached answer belonged
 * to the organisation before, so all go, and the organisation list is read again with the new one.
 */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (link: InvitationLink) => {
      // The link's token goes with the id: the server refuses an invitation without it (decision 0025).
      const { error } = await authClient.$fetch('/organization/accept-invitation', { method: 'POST', body: { invitationId: link.id, token: link.token } });
      if (error) throw authError(error, 'Could not accept the invitation.');
    },
    onSuccess: () => {
      apiClient.clearToken();
      queryClient.clear();
    },
  });
}
