import { randomUUID } from 'node:crypto';

import { type InvitationLookup, type SentInvitation, type TeamMember, type TeamView } from '@receivables/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { auditLog, authInvitation, authMember } from '../src/db/schema';

import { configureMail } from './delivery-helpers';
import { useIntegrationEnv } from './integration-env';
import { apiClient, expectError, joinWithRole, okBody, readMail, type SignedUpUser, signUpAndSignIn, type SmtpSink, startSmtpSink } from './support';
import { rawRequest } from './support/raw-request';

let sink: SmtpSink;
/** An organisation's own mail server (Settings → Email); it refuses mail to refused@… addresses. */
let ownSink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
  ownSink = await startSmtpSink({
    onMessage: (mail) => (mail.to.some((to) => to.startsWith('refused-')) ? Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }) : undefined),
  });
});
afterAll(async () => {
  await sink.close();
  await ownSink.close();
});
const env = useIntegrationEnv(() => ({ ACCOUNT_SMTP_URL: `smtp://${sink.host}:${sink.port}?security=none` }));

const invite = (owner: SignedUpUser, email: string, role = 'admin') => owner.api<SentInvitation>('POST', '/api/team/invitations', { email, role });

/** The invitations the sink received for `address`, read (a sign-up may also be sent an address check). */
const mailTo = (address: string) =>
  sink.messages
    .filter((m) => m.to.includes(address))
    .map((m) => readMail(m.raw))
    .filter((m) => m.subject.includes('invited you'));

/** An invitation link's id and token, as the accept page reads them. */
function partsOf(link: string): { id: string; token: string } {
  const url = new URL(link);
  return { id: url.pathname.split('/').pop() ?? '', token: url.searchParams.get('token') ?? '' };
}

/** The accept page's view of a link, with no one signed in. */
const lookUp = (link: string) => {
  const { id, token } = partsOf(link);
  return env.anonymous()<InvitationLookup>('GET', `/api/invitations/${id}?token=${encodeURIComponent(token)}`);
};

/** A person who signs up with `email` and accepts the invitation `link` through better-auth; their token then carries the organisation. */
async function signUpAndAccept(email: string, link: string) {
  const session = apiClient(env.server);
  await signUpAndSignIn(session, { email, password: 'correct-horse-battery', name: 'Casey Controller' });
  const { id, token } = partsOf(link);
  const accepted = await session('POST', '/api/auth/organization/accept-invitation', { invitationId: id, token });
  return { session, accepted };
}

describe('an organisation’s invitations through its own mail server (decision 0046)', () => {
  const OWN_FROM = { name: 'Acme Accounts', email: 'accounts@acme.test' };
  const subjects = (from: SmtpSink, address: string) => from.messages.filter((m) => m.to.includes(address)).map((m) => readMail(m.raw));

  it('go through its server, from its address, when it sends through one; the answer says which server took it', async () => {
    const owner = await env.signUp();
    await configureMail(env.db.db, owner.orgId, { sink: ownSink, from: OWN_FROM, mode: 'sending' });
    const email = `own-${randomUUID().slice(0, 8)}@example.com`;
    const sent = okBody(await invite(owner, email, 'member'));
    expect([sent.delivery, sent.mail_server]).toEqual(['sent', 'organisation']);
    const [mail] = subjects(ownSink, email);
    expect(mail?.subject).toMatch(/invited you to Org .* on Receivables$/);
    expect(mail?.headers.get('from')).toContain('accounts@acme.test');
    expect(mail?.text).toContain(sent.link);
    expect(mailTo(email)).toEqual([]);
  });

  it('go the installation’s way while the organisation is not sending, and say so', async () => {
    const owner = await env.signUp();
    await configureMail(env.db.db, owner.orgId, { sink: ownSink, from: OWN_FROM, mode: 'dryrun' });
    const email = `dry-${randomUUID().slice(0, 8)}@example.com`;
    const sent = okBody(await invite(owner, email, 'member'));
    expect([sent.delivery, sent.mail_server]).toEqual(['sent', 'instance']);
    expect(mailTo(email)).toHaveLength(1);
    expect(subjects(ownSink, email)).toEqual([]);
  });

  it('say the organisation’s server refused it, with the link still answered, rather than that it was sent', async () => {
    const owner = await env.signUp();
    await configureMail(env.db.db, owner.orgId, { sink: ownSink, from: OWN_FROM, mode: 'sending' });
    const email = `refused-${randomUUID().slice(0, 8)}@example.com`;
    const sent = okBody(await invite(owner, email, 'member'));
    expect([sent.delivery, sent.mail_server]).toEqual(['failed', 'organisation']);
    expect(sent.link).toMatch(/\/invitations\/[0-9a-f-]{36}\?token=/);
    expect(mailTo(email)).toEqual([]);
  });
});

describe('team invitations (decision 0025)', () => {
  it('invites by email through the mail server; the invitee signs up, accepts and lands in the organisation with the role', async () => {
    const owner = await env.signUp();
    const email = `casey-${randomUUID().slice(0, 8)}@example.com`;
    const sent = okBody(await invite(owner, email, 'admin'));
    expect(sent.delivery).toBe('sent');
    expect(sent.invitation).toMatchObject({ email, role: 'admin', status: 'pending' });

    const [mail] = mailTo(email);
    expect(mail?.subject).toMatch(/invited you to Org .* on Receivables$/);
    const link = /http\S+\/invitations\/[0-9a-f-]{36}\?token=[\w-]+/.exec(mail?.text ?? '')?.[0];
    expect(link).toBe(sent.link);

    // The accept page's view, with no one signed in.
    const lookup = okBody(await lookUp(sent.link));
    expect(lookup).toMatchObject({ email, role: 'admin', status: 'pending' });

    const { session, accepted } = await signUpAndAccept(email, sent.link);
    expect(accepted.status, accepted.text).toBe(200);
    const casey = session.withToken(await session.mintToken());
    const organisation = okBody(await casey<{ role: string }>('GET', '/api/organisation/'));
    expect(organisation.role).toBe('admin');
    const team = okBody(await owner.api<TeamView>('GET', '/api/team/'));
    expect(team.members.map((m) => [m.email, m.role])).toContainEqual([email, 'admin']);
    expect(team.invitations).toEqual([]);
    expect(okBody(await lookUp(sent.link)).status).toBe('accepted');
    // The audit log says who invited whom, and who joined as what.
    const actions = (await env.db.db.select().from(auditLog).where(eq(auditLog.orgId, owner.orgId))).map((e) => [e.action, e.after]);
    expect(actions).toContainEqual(['team.invitation.create', expect.objectContaining({ email, role: 'admin' })]);
    expect(actions).toContainEqual(['team.member.join', expect.objectContaining({ email, role: 'admin', name: 'Casey Controller' })]);
  });

  it('refuses an invitation that was withdrawn or has expired, clearly, until it is sent again', async () => {
    const owner = await env.signUp();
    const revokedEmail = `revoked-${randomUUID().slice(0, 8)}@example.com`;
    const revoked = okBody(await invite(owner, revokedEmail, 'member'));
    expect((await owner.api('DELETE', `/api/team/invitations/${revoked.invitation.id}`)).status).toBe(204);
    expect(okBody(await lookUp(revoked.link)).status).toBe('revoked');
    const refused = await signUpAndAccept(revokedEmail, revoked.link);
    expectError(refused.accepted, 400, 'VALIDATION_FAILED');
    expect((refused.accepted.body as { error: { message: string } }).error.message).toMatch(/invitation not found/i);
    // A withdrawn invitation cannot be re-sent: the owner invites again.
    expectError(await owner.api('POST', `/api/team/invitations/${revoked.invitation.id}/resend`), 422, 'DOMAIN_RULE', 'id');

    const lateEmail = `late-${randomUUID().slice(0, 8)}@example.com`;
    const late = okBody(await invite(owner, lateEmail, 'member'));
    const lapsed = new Date(Date.now() - 60_000);
    await env.db.db.update(authInvitation).set({ expiresAt: lapsed }).where(eq(authInvitation.id, late.invitation.id));
    expect(okBody(await lookUp(late.link)).status).toBe('expired');
    const waiting = okBody(await owner.api<TeamView>('GET', '/api/team/')).invitations;
    expect(waiting.map((i) => [i.email, i.status])).toEqual([[lateEmail, 'expired']]);
    const tooLate = await signUpAndAccept(lateEmail, late.link);
    expect(tooLate.accepted.status).toBe(400);

    // Sent again, a new link works for another week, and the earlier one no longer does.
    const resent = okBody(await owner.api<SentInvitation>('POST', `/api/team/invitations/${late.invitation.id}/resend`));
    expect(resent.invitation.status).toBe('pending');
    expect(partsOf(resent.link).id).toBe(late.invitation.id);
    expect(resent.link).not.toBe(late.link);
    expect(mailTo(lateEmail)).toHaveLength(2);
    expectError(await lookUp(late.link), 404, 'NOT_FOUND');
    const stale = await tooLate.session('POST', '/api/auth/organization/accept-invitation', { invitationId: late.invitation.id, token: partsOf(late.link).token });
    expect(stale.status).toBe(404);
    const again = await tooLate.session('POST', '/api/auth/organization/accept-invitation', { invitationId: late.invitation.id, token: partsOf(resent.link).token });
    expect(again.status, again.text).toBe(200);
  });

  it('refuses an address that is already a member or already invited, and an invitation for someone else', async () => {
    const owner = await env.signUp();
    expectError(await invite(owner, owner.email), 409, 'CONFLICT', 'email');
    const email = `twice-${randomUUID().slice(0, 8)}@example.com`;
    const first = okBody(await invite(owner, email));
    expectError(await invite(owner, email.toUpperCase()), 409, 'CONFLICT', 'email');
    expectError(await owner.api('POST', '/api/team/invitations', { email: 'not-an-address', role: 'admin' }), 400, 'VALIDATION_FAILED', 'email');
    expectError(await owner.api('POST', '/api/team/invitations', { email: 'a@b.example', role: 'superuser' }), 400, 'VALIDATION_FAILED', 'role');
    // Someone signed in as another address cannot take it.
    const { accepted } = await signUpAndAccept(`someone-else-${randomUUID().slice(0, 8)}@example.com`, first.link);
    expect(accepted.status).toBe(403);
    // Another organisation's invitation is not found.
    const stranger = await env.signUp();
    expectError(await stranger.api('DELETE', `/api/team/invitations/${first.invitation.id}`), 404, 'NOT_FOUND', 'id');
  });
});

describe('an invitation link’s token (decision 0025)', () => {
  it('is what accepting needs: a member who reads the id from the team list and signs up as the invitee cannot take it', async () => {
    const owner = await env.signUp();
    const member = await joinWithRole(env.server, env.db.db, owner.orgId, 'member');
    const email = `new-owner-${randomUUID().slice(0, 8)}@example.com`;
    const sent = okBody(await invite(owner, email, 'owner'));
    // The team list names the invitation, and nothing in it opens it.
    const listed = okBody(await member.api<TeamView>('GET', '/api/team/')).invitations.find((i) => i.email === email);
    expect(listed?.id).toBe(sent.invitation.id);
    expect(JSON.stringify(listed)).not.toContain(partsOf(sent.link).token);
    expectError(await env.anonymous()('GET', `/api/invitations/${sent.invitation.id}`), 400, 'VALIDATION_FAILED', 'token');
    expectError(await env.anonymous()('GET', `/api/invitations/${sent.invitation.id}?token=guessed`), 404, 'NOT_FOUND');
    // Signing up with the invited address (never confirmed) is not enough without the link's token.
    const session = apiClient(env.server);
    await signUpAndSignIn(session, { email, password: 'correct-horse-battery', name: 'Mallory Member' });
    for (const body of [{ invitationId: sent.invitation.id }, { invitationId: sent.invitation.id, token: 'guessed' }]) {
      expect((await session('POST', '/api/auth/organization/accept-invitation', body)).status).toBe(404);
      expect((await session('POST', '/api/auth/organization/reject-invitation', body)).status).toBe(404);
    }
    expect((await session('GET', `/api/auth/organization/get-invitation?id=${sent.invitation.id}`)).status).toBe(404);
    const team = okBody(await owner.api<TeamView>('GET', '/api/team/'));
    expect(team.members.map((m) => m.email)).not.toContain(email);
    expect(team.invitations.map((i) => [i.email, i.status])).toEqual([[email, 'pending']]);
  });
});

describe('team members (decision 0025)', () => {
  it('changes a role and removes a member, each recorded; the removed person is refused on their next request', async () => {
    const owner = await env.signUp();
    const member = await joinWithRole(env.server, env.db.db, owner.orgId, 'member');
    const team = okBody(await owner.api<TeamView>('GET', '/api/team/'));
    const row = team.members.find((m) => m.email === member.email);
    expect(row).toMatchObject({ role: 'member', is_you: false });
    expect(team.members.find((m) => m.email === owner.email)).toMatchObject({ role: 'owner', is_you: true });

    const promoted = okBody(await owner.api<TeamMember>('PUT', `/api/team/members/${row?.id}/role`, { role: 'admin' }));
    expect(promoted.role).toBe('admin');
    expect(okBody(await member.api<{ role: string }>('GET', '/api/organisation/')).role).toBe('admin');

    expect((await owner.api('DELETE', `/api/team/members/${row?.id}`)).status).toBe(204);
    expect((await member.api('GET', '/api/organisation/')).status).toBeGreaterThanOrEqual(401);
    const membership = and(eq(authMember.organizationId, owner.orgId), eq(authMember.userId, member.userId));
    const left = await env.db.db.select().from(authMember).where(membership);
    expect(left).toEqual([]);

    const entries = await env.db.db.select().from(auditLog).where(eq(auditLog.orgId, owner.orgId));
    const roleEntry = entries.find((e) => e.action === 'team.member.role');
    expect(roleEntry).toMatchObject({ actorId: owner.userId, entity: 'member', entityId: row?.id, after: { role: 'admin' } });
    expect(roleEntry?.before).toMatchObject({ role: 'member', email: member.email });
    expect(entries.find((e) => e.action === 'team.member.remove')).toMatchObject({ before: { email: member.email, role: 'admin' }, after: null });
  });

  it('always keeps an owner: the only owner cannot be demoted, removed or leave; with a second owner they can', async () => {
    const owner = await env.signUp();
    const mine = okBody(await owner.api<TeamView>('GET', '/api/team/')).members[0];
    expectError(await owner.api('PUT', `/api/team/members/${mine?.id}/role`, { role: 'admin' }), 422, 'DOMAIN_RULE', 'role');
    expectError(await owner.api('DELETE', `/api/team/members/${mine?.id}`), 422, 'DOMAIN_RULE', 'id');
    const leaving = await owner.api('POST', '/api/team/leave');
    expectError(leaving, 422, 'DOMAIN_RULE', 'id');
    expect((leaving.body as { error: { message: string } }).error.message).toMatch(/only owner/);

    const second = await joinWithRole(env.server, env.db.db, owner.orgId, 'owner');
    expect(okBody(await owner.api<TeamMember>('PUT', `/api/team/members/${mine?.id}/role`, { role: 'admin' })).role).toBe('admin');
    // Now an admin: the team is the owner's.
    expectError(await owner.api('POST', '/api/team/invitations', { email: 'x@example.com', role: 'member' }), 403, 'FORBIDDEN', 'role');
    expect((await owner.api('POST', '/api/team/leave')).status).toBe(204);
    expect(okBody(await second.api<TeamView>('GET', '/api/team/')).members.map((m) => m.email)).toEqual([second.email]);
  });

  it('refuses another organisation’s member as not found, and better-auth’s own team writes outright', async () => {
    const owner = await env.signUp();
    const member = await joinWithRole(env.server, env.db.db, owner.orgId, 'member');
    const memberId = okBody(await owner.api<TeamView>('GET', '/api/team/')).members.find((m) => m.email === member.email)?.id;
    const stranger = await env.signUp();
    expectError(await stranger.api('PUT', `/api/team/members/${memberId}/role`, { role: 'owner' }), 404, 'NOT_FOUND', 'id');
    expectError(await stranger.api('DELETE', `/api/team/members/${memberId}`), 404, 'NOT_FOUND', 'id');

    // An admin could otherwise invite or remove through better-auth's endpoints, unrecorded.
    const admin = await joinWithRole(env.server, env.db.db, owner.orgId, 'admin');
    const session = admin.api.withToken(null);
    const paths = ['invite-member', 'remove-member', 'update-member-role', 'Invite%2DMember'].map((p) => `/api/auth/organization/${p}`);
    for (const path of paths) {
      expectError(await session('POST', path, { email: 'sneaky@example.com', role: 'owner', memberIdOrEmail: member.email, memberId: memberId, organizationId: owner.orgId }), 404, 'NOT_FOUND');
    }
    expect(okBody(await owner.api<TeamView>('GET', '/api/team/')).invitations).toEqual([]);
  });

  it('refuses better-auth’s team writes however the path is spelt: dot segments, encodings, backslashes', async () => {
    const owner = await env.signUp();
    const member = await joinWithRole(env.server, env.db.db, owner.orgId, 'member');
    const admin = await joinWithRole(env.server, env.db.db, owner.orgId, 'admin');
    // Sent byte for byte: fetch would resolve these spellings before sending them.
    const signIn = await rawRequest(env.server, 'POST', '/api/auth/sign-in/email', { email: admin.email, password: admin.password });
    const cookie = (signIn.headers.getSetCookie()).map((c) => c.split(';', 1)[0]).join('; ');
    await rawRequest(env.server, 'POST', '/api/auth/organization/set-active', { organizationId: owner.orgId }, { cookie });
    const spellings = [
      '/api/auth/organization/../organization/invite-member',
      '/api/auth/organization/./invite-member',
      '/api/auth/organization/%2e%2e/organization/invite-member',
      '/api/auth/organization/.%2E/organization/invite-member',
      '/api/auth/team/../organization/invite-member',
      '/api/auth/organization\\invite-member',
      '/api/auth//organization//invite-member/',
      '/api/auth/organization/invite-member;x=1',
      '/api/auth/ORGANIZATION/INVITE-MEMBER',
    ];
    const reached: string[] = [];
    for (const path of spellings) {
      const res = await rawRequest(env.server, 'POST', path, { email: `sneaky-${reached.length}@example.com`, role: 'admin', organizationId: owner.orgId }, { cookie });
      if (res.status < 300) reached.push(`${path} → ${res.status}`);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
    for (const path of ['/api/auth/organization/../organization/update-member-role', '/api/auth/organization/%2e/remove-member']) {
      const res = await rawRequest(env.server, 'POST', path, { memberId: member.userId, memberIdOrEmail: member.email, role: 'admin', organizationId: owner.orgId }, { cookie });
      if (res.status < 300) reached.push(`${path} → ${res.status}`);
    }
    expect(reached).toEqual([]);
    const team = okBody(await owner.api<TeamView>('GET', '/api/team/'));
    expect(team.invitations).toEqual([]);
    expect(team.members.find((m) => m.email === member.email)?.role).toBe('member');
  });
});
