import { APIError } from 'better-auth/api';

import type { AuthRequestContext } from './auth-request';

/**
 * better-auth's own endpoints that change a team or an organisation. They follow better-auth's
 * idea of who may do what (an admin may invite or remove), not the product's one table
 * (decision 0024), and write no audit entry: the API's /api/team/ and /api/organisation/ routes do
 * these, so here they are not found. Creating an organisation, choosing the active one, and
 * accepting or declining an invitation stay better-auth's (decision 0025).
 */
const TEAM_WRITES = new Set([
  'invite-member', 'cancel-invitation', 'remove-member', 'update-member-role', 'leave', 'update', 'delete', 'add-member',
  'create-role', 'update-role', 'delete-role', 'create-team', 'update-team', 'remove-team', 'add-team-member', 'remove-team-member', 'set-active-team',
].map((name) => `/organization/${name}`));

/**
 * Refuses the team writes as better-auth is about to run them, and an invitation acted on without
 * its link's token: decided on the endpoint its router chose, not on the URL as the client spelt it,
 * so no spelling of a path (dot segments, percent encodings, backslashes, case) reaches one
 * (docs/decisions/0025-team.md).
 */
export async function checkTeamEndpoint(ctx: AuthRequestContext, isInvitationToken: InvitationTokenCheck): Promise<void> {
  if (TEAM_WRITES.has(ctx.path)) {
    throw new APIError('NOT_FOUND', { message: 'The team is managed through /api/team/ and the organisation through /api/organisation/' });
  }
  const invitation = INVITATION_ENDPOINTS[ctx.path];
  if (invitation) {
    const fields = { ...asRecord(ctx.query), ...asRecord(ctx.body) };
    const id = fields[invitation];
    if (typeof id !== 'string' || !(await isInvitationToken(id, fields.token))) {
      throw new APIError('NOT_FOUND', { message: 'This invitation link is not valid: ask for the invitation to be sent again' });
    }
  }
}

/** Checks an invitation link's token (the team module's; auth knows no module, so it is given). */
export type InvitationTokenCheck = (invitationId: string, token: unknown) => Promise<boolean>;

/**
 * better-auth's endpoints that act on one invitation by its id, and the field that names it. The id
 * is no secret (the team list shows it): each also needs the link's token (decision 0025).
 */
const INVITATION_ENDPOINTS: Readonly<Record<string, string>> = {
  '/organization/accept-invitation': 'invitationId',
  '/organization/reject-invitation': 'invitationId',
  '/organization/get-invitation': 'id',
};

const asRecord = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});
