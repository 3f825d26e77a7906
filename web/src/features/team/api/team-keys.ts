import type { InvitationLink } from './invitation-link';

/** Query keys of Settings → Team. */
export const teamKeys = {
  all: ['team'] as const,
  invitation: (link: InvitationLink) => ['invitation', link.id, link.token] as const,
};
