import type { InvitationLookup } from '@receivables/contracts';
import { eq } from 'drizzle-orm';

import type { Db } from '../../db/client';
import { authInvitation, authOrganization } from '../../db/schema';
import { notFound } from '../../errors/domain-errors';

import { isInvitationToken } from './invitation-token';
import { invitationStatus, inviterNames, roleOf } from './team-records';

/**
 * What the accept page shows before anyone signs in: which organisation, for which address, as
 * what, and whether it still works. Only with the link's token: an id alone (which the team list
 * shows) is not found, as an unknown one is.
 */
export async function lookUpInvitation(deps: { db: Db; now: () => Date }, id: string, token: string): Promise<InvitationLookup> {
  if (!(await isInvitationToken(deps.db, id, token))) throw notFound('Invitation');
  const [row] = await deps.db
    .select({ invitation: authInvitation, organisation: authOrganization.name })
    .from(authInvitation)
    .innerJoin(authOrganization, eq(authOrganization.id, authInvitation.organizationId))
    .where(eq(authInvitation.id, id));
  if (!row) throw notFound('Invitation');
  const names = await inviterNames(deps.db, [row.invitation]);
  return {
    organisation_name: row.organisation,
    email: row.invitation.email,
    role: roleOf(row.invitation.role),
    status: invitationStatus(row.invitation, deps.now()),
    invited_by: names.get(row.invitation.inviterId) ?? null,
    expires_at: row.invitation.expiresAt.toISOString(),
  };
}
