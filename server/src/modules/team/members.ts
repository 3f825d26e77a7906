import type { MemberRoleInput, Role, TeamMember } from '@receivables/contracts';
import { and, eq } from 'drizzle-orm';

import type { Tx } from '../../db/client';
import { authMember, authSession, authUser } from '../../db/schema';
import { domainRule, notFound } from '../../errors/domain-errors';

import { memberColumns, type MemberRow, roleOf, toTeamMember } from './team-records';
import { type TeamDeps, teamWrite } from './team-write';

/**
 * The organisation's memberships, locked for a change to one of them: counting its owners and
 * changing a role happen as one, so two owners demoting each other at once cannot leave none.
 */
async function lockedMembers(tx: Tx, orgId: string): Promise<MemberRow[]> {
  return tx
    .select(memberColumns)
    .from(authMember)
    .innerJoin(authUser, eq(authUser.id, authMember.userId))
    .where(eq(authMember.organizationId, orgId))
    .for('update', { of: authMember });
}

function memberIn(members: MemberRow[], memberId: string): MemberRow {
  const member = members.find((m) => m.id === memberId);
  if (!member) throw notFound('Member', 'id');
  return member;
}

/** Whether `member` is the organisation's only owner: it always keeps one (decision 0025). */
const isLastOwner = (members: MemberRow[], member: MemberRow): boolean =>
  roleOf(member.role) === 'owner' && members.filter((m) => roleOf(m.role) === 'owner').length === 1;

const memberFacts = (m: MemberRow) => ({ name: m.name, email: m.email, role: roleOf(m.role) });

/** Give a member another role; the last owner cannot be made less. */
export async function changeMemberRole(deps: TeamDeps, memberId: string, input: MemberRoleInput): Promise<TeamMember> {
  return teamWrite(deps, async (tx) => {
    const members = await lockedMembers(tx, deps.orgId);
    const member = memberIn(members, memberId);
    const from: Role = roleOf(member.role);
    if (from === 'owner' && input.role !== 'owner' && isLastOwner(members, member)) {
      throw domainRule(`${member.name} is the only owner: make someone else owner first`, 'role', 'would leave the organisation without an owner');
    }
    await tx.update(authMember).set({ role: input.role }).where(eq(authMember.id, member.id));
    return {
      result: toTeamMember({ ...member, role: input.role }, deps.actorId),
      audit: { action: 'team.member.role', entity: 'member', entityId: member.id, customerId: null, before: { ...memberFacts(member), role: from }, after: { role: input.role } },
    };
  });
}

/** Take a member out of the organisation; the last owner cannot be removed (nor leave). */
export async function removeMember(deps: TeamDeps, memberId: string): Promise<void> {
  await teamWrite(deps, async (tx) => {
    const members = await lockedMembers(tx, deps.orgId);
    const member = memberIn(members, memberId);
    if (isLastOwner(members, member)) {
      const you = member.userId === deps.actorId;
      throw domainRule(
        you ? 'You are the only owner: make someone else owner before you leave, or delete the organisation' : `${member.name} is the only owner`,
        'id',
        'is the organisation’s only owner',
      );
    }
    await tx.delete(authMember).where(eq(authMember.id, member.id));
    // Their sessions in it end there: the next token they mint carries no organisation (the SPA asks them to choose).
    await tx
      .update(authSession)
      .set({ activeOrganizationId: null })
      .where(and(eq(authSession.userId, member.userId), eq(authSession.activeOrganizationId, deps.orgId)));
    const action = member.userId === deps.actorId ? 'team.member.leave' : 'team.member.remove';
    return { result: undefined, audit: { action, entity: 'member', entityId: member.id, customerId: null, before: memberFacts(member), after: null } };
  });
}

/** The caller leaves the organisation. */
export async function leaveOrganisation(deps: TeamDeps): Promise<void> {
  const [own] = await deps.db
    .select({ id: authMember.id })
    .from(authMember)
    .where(and(eq(authMember.organizationId, deps.orgId), eq(authMember.userId, deps.actorId)));
  if (!own) throw notFound('Member');
  await removeMember(deps, own.id);
}
