/**
 * What an invitation email's link carries (decision 0025): the invitation's id, and the token that
 * proves the link came from that email. The id alone opens nothing.
 */
export interface InvitationLink {
  id: string;
  token: string;
}

/** The accept page's own address for a link, to come back to after signing up or in. */
export const invitationPath = (link: InvitationLink): string => `/invitations/${link.id}?token=${encodeURIComponent(link.token)}`;
