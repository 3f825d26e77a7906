import { INVITATION_LIFETIME_DAYS, type InvitationDelivery, type InvitationInput, MS_PER_DAY, ROLE_LABELS, type SentInvitation } from '@receivables/contracts';
import { and, eq, sql } from 'drizzle-orm';

import type { AccountMail, AccountMailer } from '../../auth/account-mail';
import type { Tx } from '../../db/client';
import { authInvitation, authMember, authOrganization, authUser } from '../../db/schema';
import { conflict, domainRule, notFound } from '../../errors/domain-errors';
import type { AuditEntry, AuditValues } from '../../org/record-audit';
import type { MailDeps } from '../mail/mail-deps';

import { issueInvitationToken } from './invitation-token';
import { organisationAccountSender } from './organisation-account-mail';
import { type InvitationRow, invitationStatus, inviterNames, roleOf, toTeamInvitation } from './team-records';
import { type TeamDeps, teamWrite } from './team-write';

export interface InvitationDeps extends TeamDeps {
  /** The installation's account mail: used unless the organisation sends through its own server. */
  mailer: AccountMailer;
  /** To open and reach the organisation's own mail server (decision 0046). */
  mail: Pick<MailDeps, 'secrets' | 'timeouts' | 'outbound'>;
  /** Where the accept link points: the app's public URL. */
  publicUrl: string;
}

/**
 * The accept page for an invitation: its id names it, its token proves the link came from the
 * invitation email (or from the owner who sent it). The id alone opens nothing (decision 0025).
 */
export const invitationLink = (publicUrl: string, id: string, token: string): string =>
  `${publicUrl}/invitations/${id}?token=${encodeURIComponent(token)}`;

/**
 * Invite `input.email` with `input.role` (decision 0025): refused when they are already a member,
 * or already invited and the invitation still works (re-send that one instead). An expired one
 * for the same address is withdrawn in favour of the new one. The email leaves after the commit;
 * the answer carries the link and how the email went, so the owner can pass it on by hand.
 */
export async function inviteMember(deps: InvitationDeps, input: InvitationInput): Promise<SentInvitation> {
  const email = input.email.trim().toLowerCase();
  const now = deps.now();
  const row = await teamWrite(deps, async (tx) => {
    // One invitation at a time per organisation: two owners inviting the same address at once must not make two.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`invite:${deps.orgId}`}))`);
    const [member] = await tx
      .select({ id: authMember.id })
      .from(authMember)
      .innerJoin(authUser, eq(authUser.id, authMember.userId))
      .where(and(eq(authMember.organizationId, deps.orgId), sql`lower(${authUser.email}) = ${email}`));
    if (member) throw conflict('This address is already a member of the organisation', 'email', 'is already a member');
    const waiting = await tx
      .select()
      .from(authInvitation)
      .where(and(eq(authInvitation.organizationId, deps.orgId), eq(authInvitation.status, 'pending'), sql`lower(${authInvitation.email}) = ${email}`));
    if (waiting.some((w) => invitationStatus(w, now) === 'pending')) {
      throw conflict('This address is already invited: re-send that invitation instead', 'email', 'already has an invitation waiting');
    }
    for (const old of waiting) await tx.update(authInvitation).set({ status: 'canceled' }).where(eq(authInvitation.id, old.id));
    const [created] = await tx
      .insert(authInvitation)
      .values({ organizationId: deps.orgId, email, role: input.role, status: 'pending', inviterId: deps.actorId, expiresAt: expiryFrom(now) })
      .returning();
    if (!created) throw new Error('invitation insert returned no row');
    const token = await issueInvitationToken(tx, created.id);
    return { result: { row: created, token }, audit: invitationAudit('team.invitation.create', created, null, invitationFacts(created)) };
  });
  return sendInvitation(deps, row.row, row.token);
}

/** Send an invitation again with a fresh week and a fresh token: the earlier link stops working. */
export async function resendInvitation(deps: InvitationDeps, invitationId: string): Promise<SentInvitation> {
  const row = await teamWrite(deps, async (tx) => {
    const current = await waitingInvitation(tx, deps.orgId, invitationId);
    const [renewed] = await tx
      .update(authInvitation)
      .set({ expiresAt: expiryFrom(deps.now()) })
      .where(eq(authInvitation.id, current.id))
      .returning();
    if (!renewed) throw notFound('Invitation');
    const token = await issueInvitationToken(tx, renewed.id);
    // The address on both sides, so the entry says whom it went to; the expiry is what changed.
    const expiry = (row: InvitationRow) => ({ email: row.email, expires_at: row.expiresAt.toISOString() });
    return { result: { row: renewed, token }, audit: invitationAudit('team.invitation.resend', renewed, expiry(current), expiry(renewed)) };
  });
  return sendInvitation(deps, row.row, row.token);
}

/** Withdraw an invitation: its link stops working at once. */
export async function revokeInvitation(deps: TeamDeps, invitationId: string): Promise<void> {
  await teamWrite(deps, async (tx) => {
    const current = await waitingInvitation(tx, deps.orgId, invitationId);
    await tx.update(authInvitation).set({ status: 'canceled' }).where(eq(authInvitation.id, current.id));
    return { result: undefined, audit: invitationAudit('team.invitation.revoke', current, { email: current.email, role: current.role }, null) };
  });
}

/** A pending invitation of the organisation (expired counts: it can be re-sent or withdrawn), locked for the change. */
async function waitingInvitation(tx: Tx, orgId: string, id: string): Promise<InvitationRow> {
  const [row] = await tx
    .select()
    .from(authInvitation)
    .where(and(eq(authInvitation.id, id), eq(authInvitation.organizationId, orgId)))
    .for('update');
  if (!row) throw notFound('Invitation', 'id');
  if (row.status === 'accepted') throw domainRule('This invitation was already accepted', 'id', 'was accepted');
  if (row.status !== 'pending') throw domainRule('This invitation was withdrawn', 'id', 'was withdrawn');
  return row;
}

const expiryFrom = (now: Date): Date => new Date(now.getTime() + INVITATION_LIFETIME_DAYS * MS_PER_DAY);

/** What an invitation entry records of it: to whom, as what, until when. */
const invitationFacts = (row: InvitationRow) => ({ email: row.email, role: row.role, expires_at: row.expiresAt.toISOString() });

function invitationAudit(action: string, row: InvitationRow, before: AuditValues | null, after: AuditValues | null): AuditEntry {
  return { action, entity: 'invitation', entityId: row.id, customerId: null, before, after };
}

/**
 * Email the invitation and answer how it went: through the organisation's own mail server when it
 * sends through one (decision 0046), else the installation's account mail (decision 0025).
 */
async function sendInvitation(deps: InvitationDeps, row: InvitationRow, token: string): Promise<SentInvitation> {
  const [context] = await deps.db
    .select({ organisation: authOrganization.name, inviter: authUser.name })
    .from(authOrganization)
    .innerJoin(authUser, eq(authUser.id, deps.actorId))
    .where(eq(authOrganization.id, deps.orgId));
  const link = invitationLink(deps.publicUrl, row.id, token);
  const organisation = context?.organisation ?? 'an organisation';
  const inviter = context?.inviter ?? 'Someone';
  const role = ROLE_LABELS[roleOf(row.role)].toLowerCase();
  const expires = row.expiresAt.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const own = await organisationAccountSender(deps.db, deps.orgId, organisation, deps.mail);
  const send = own ?? ((mail: AccountMail) => deps.mailer.send(mail));
  const viaInstance = deps.mailer.mode === 'smtp' ? 'instance' : null;
  let delivery: InvitationDelivery;
  try {
    await send({
      to: row.email,
      subject: `${inviter} invited you to ${organisation} on Receivables`,
      lines: [`${inviter} invited you to join ${organisation} on Receivables as ${role === 'admin' || role === 'owner' ? 'an' : 'a'} ${role}.`,
        'Receivables keeps track of who owes the organisation money and chases them politely.'],
      action: { label: `Join ${organisation}`, url: link },
      after: [`The link works until ${expires}. If you were not expecting this, you can ignore this email.`],
    });
    delivery = own || deps.mailer.mode === 'smtp' ? 'sent' : deps.mailer.mode === 'log' ? 'logged' : 'not_sent';
  } catch {
    delivery = 'failed';
  }
  // The actor's name is already read; only a re-sent invitation of someone else's needs its sender's.
  const invitedBy =
    row.inviterId === deps.actorId ? (context?.inviter ?? null) : ((await inviterNames(deps.db, [row])).get(row.inviterId) ?? null);
  return { invitation: toTeamInvitation(row, invitedBy, deps.now()), link, delivery, mail_server: own ? 'organisation' : viaInstance };
}
