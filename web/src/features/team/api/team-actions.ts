import type { InvitationInput, MemberRoleInput, SentInvitation, TeamMember } from '@receivables/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/idempotency';

import { teamKeys } from './team-keys';

/** Invite someone with a role: `POST /api/team/invitations` (owner). */
export function inviteMember(input: InvitationInput): Promise<SentInvitation> {
  return apiClient.request<SentInvitation>('/api/team/invitations', { method: 'POST', body: input, headers: idempotencyHeaders() });
}

/** Send an invitation again, good for another week: `POST /api/team/invitations/{id}/resend`. */
export function resendInvitation(id: string): Promise<SentInvitation> {
  return apiClient.request<SentInvitation>(`/api/team/invitations/${id}/resend`, { method: 'POST', headers: idempotencyHeaders() });
}

/** Withdraw an invitation: `DELETE /api/team/invitations/{id}`. */
export function revokeInvitation(id: string): Promise<undefined> {
  return apiClient.request<undefined>(`/api/team/invitations/${id}`, { method: 'DELETE', headers: idempotencyHeaders() });
}

/** Give a member another role: `PUT /api/team/members/{id}/role`. */
export function changeMemberRole({ id, role }: { id: string } & MemberRoleInput): Promise<TeamMember> {
  return apiClient.request<TeamMember>(`/api/team/members/${id}/role`, { method: 'PUT', body: { role }, headers: idempotencyHeaders() });
}

/** Take a member out of the organisation: `DELETE /api/team/members/{id}`. */
export function removeMember(id: string): Promise<undefined> {
  return apiClient.request<undefined>(`/api/team/members/${id}`, { method: 'DELETE', headers: idempotencyHeaders() });
}

/** Every team change is read back from the server: the list is small, and it keeps invitations and members in step. */
function useTeamAction<TInput, TResult>(action: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

export const useInviteMember = () => useTeamAction(inviteMember);
export const useResendInvitation = () => useTeamAction(resendInvitation);
export const useRevokeInvitation = () => useTeamAction(revokeInvitation);
export const useChangeMemberRole = () => useTeamAction(changeMemberRole);
export const useRemoveMember = () => useTeamAction(removeMember);
