import { highestRole, type InvitationStatus, type Role, type TeamInvitation, type TeamMember, type TeamView } from '@receivables/contracts';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';

import type { Db, DbOrTx } from '../../db/client';
import { authInvitation, authMember, authUser } from '../../db/schema';

// The auth tables are outside the organisation role's reach (decision 0002): team reads and writes
// run on the pool, always filtered by the organisation named in the verified token.

/** better-auth's invitation statuses in the product's words; a pending one past its expiry has expired. */
export function invitationStatus(row: { status: string; expiresAt: Date }, now: Date): InvitationStatus {
  if (row.status === 'accepted') return 'accepted';
  if (row.status !== 'pending') return 'revoked';
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending';
}

/** A stored role as one of ours: an unknown one counts as member, never more (decision 0024). */
export const roleOf = (stored: string | null): Role => highestRole(stored) ?? 'member';

export const memberColumns = {
  id: authMember.id,
  userId: authMember.userId,
  role: authMember.role,
  createdAt: authMember.createdAt,
  name: authUser.name,
  email: authUser.email,
};

export type MemberRow = Awaited<ReturnType<typeof readMemberRows>>[number];

/** The organisation's memberships with their people, oldest first. */
export function readMemberRows(db: DbOrTx, orgId: string) {
  return db
    .select(memberColumns)
    .from(authMember)
    .innerJoin(authUser, eq(authUser.id, authMember.userId))
    .where(eq(authMember.organizationId, orgId))
    .orderBy(asc(authMember.createdAt), asc(authMember.id));
}

export const toTeamMember = (row: MemberRow, actorId: string): TeamMember => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: roleOf(row.role),
  joined_at: row.createdAt.toISOString(),
  is_you: row.userId === actorId,
});

export type InvitationRow = typeof authInvitation.$inferSelect;

export function toTeamInvitation(row: InvitationRow, invitedBy: string | null, now: Date): TeamInvitation {
  return {
    id: row.id,
    email: row.email,
    role: roleOf(row.role),
    status: invitationStatus(row, now),
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    invited_by: invitedBy,
  };
}

/** The names of the people who sent `rows`, by user id. */
export async function inviterNames(db: DbOrTx, rows: readonly InvitationRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((r) => r.inviterId))];
  if (ids.length === 0) return new Map();
  const users = await db.select({ id: authUser.id, name: authUser.name }).from(authUser).where(inArray(authUser.id, ids));
  return new Map(users.map((u) => [u.id, u.name]));
}

/** Settings → Team: every member, and the invitations still waiting (pending or expired), newest first. */
export async function readTeam(deps: { db: Db; orgId: string; actorId: string; now: () => Date }): Promise<TeamView> {
  const { db, orgId } = deps;
  const now = deps.now();
  const members = await readMemberRows(db, orgId);
  const invitations = await db
    .select()
    .from(authInvitation)
    .where(and(eq(authInvitation.organizationId, orgId), eq(authInvitation.status, 'pending')))
    .orderBy(desc(authInvitation.createdAt), desc(authInvitation.id));
  const names = await inviterNames(db, invitations);
  return {
    members: members.map((m) => toTeamMember(m, deps.actorId)),
    invitations: invitations.map((i) => toTeamInvitation(i, names.get(i.inviterId) ?? null, now)),
  };
}
