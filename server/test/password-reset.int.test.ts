import { type ErrorBody, instanceInfoSchema } from '@receivables/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';

import { authUser, authVerification } from '../src/db/schema';

import { useIntegrationEnv } from './integration-env';
import {
  type ApiClient,
  apiClient,
  createTestDatabase,
  okBody,
  type ReadMail,
  readMail,
  type SignedUpUser,
  signUpAndSignIn,
  type SmtpSink,
  startSmtpSink,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from './support';

/**
 * Accounts (decision 0026): password reset end to end through a real SMTP server, address
 * confirmation and change, the profile, password change and sessions.
 */
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink.close());

// Many sign-ups from one address (useIntegrationEnv's high sign-in limit); the reset requests' own,
// stricter per-mailbox limit still applies.
const env = useIntegrationEnv(() => ({ ACCOUNT_SMTP_URL: `smtp://${sink.host}:${sink.port}?security=none` }));

const RESET_SUBJECT = 'Reset your Receivables password';

/** The account emails titled `subject` to `address` so far; they leave in the background, so this waits for `count`. */
async function mailsTo(address: string, subject: string, count = 1): Promise<ReadMail[]> {
  const read = () =>
    sink.messages
      .filter((m) => m.to.includes(address))
      .map((m) => readMail(m.raw))
      .filter((m) => m.subject === subject);
  await expect.poll(() => read().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
  return read();
}

/** The first link in `mail`'s text whose path starts with `path`. */
function linkIn(mail: ReadMail, path: string): URL {
  const url = [...mail.text.matchAll(/https?:\/\/\S+/g)].map((m) => new URL(m[0])).find((u) => u.pathname.startsWith(path));
  if (!url) throw new Error(`no ${path} link in: ${mail.text}`);
  return url;
}

async function signIn(email: string, password: string): Promise<number> {
  return (await env.anonymous()('POST', '/api/auth/sign-in/email', { email, password })).status;
}

async function requestReset(email: string) {
  return env.anonymous()<{ status: boolean; message: string }>('POST', '/api/auth/request-password-reset', {
    email,
    redirectTo: `${env.server.origin}/reset-password`,
  });
}

async function resetFor(user: SignedUpUser): Promise<string> {
  okBody(await requestReset(user.email));
  const [mail] = await mailsTo(user.email, RESET_SUBJECT);
  if (!mail) throw new Error('no reset email');
  const token = linkIn(mail, '/reset-password').searchParams.get('token');
  if (!token) throw new Error(`no token in ${mail.text}`);
  return token;
}

describe('signing up with an address that already has an account (issue 28, finding 8)', () => {
  const EXISTING_SUBJECT = 'You already have a Receivables account';

  it('answers as for a new address, changes nothing, and emails the address’s owner instead', async () => {
    const owner = await env.signUp();
    const fresh = `fresh-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const signUp = (email: string) =>
      env.anonymous()<{ token: string | null; user: Record<string, unknown> }>('POST', '/api/auth/sign-up/email', {
        email, password: 'an-attackers-password', name: 'Someone Else',
      });
    const forNew = await signUp(fresh);
    const forTaken = await signUp(owner.email.toUpperCase());
    // The same status, the same fields, no session either way: nothing tells the two apart.
    expect([forNew.status, forTaken.status]).toEqual([200, 200]);
    expect(Object.keys(forTaken.body.user).sort()).toEqual(Object.keys(forNew.body.user).sort());
    expect([forNew.body.token, forTaken.body.token]).toEqual([null, null]);
    expect(forTaken.headers.getSetCookie().some((c) => c.includes('session_token='))).toBe(false);
    expect(forNew.headers.getSetCookie().some((c) => c.includes('session_token='))).toBe(false);

    // The account is untouched: its own password still works, the sign-up's does not.
    expect(await signIn(owner.email, owner.password)).toBe(200);
    expect(await signIn(owner.email, 'an-attackers-password')).toBe(401);

    const [mail] = await mailsTo(owner.email, EXISTING_SUBJECT);
    if (!mail) throw new Error('no email to the owner');
    expect(mail.text).toContain('It already has one, so nothing was created.');
    expect(linkIn(mail, '/signin').origin).toBe(env.server.origin);
    expect(linkIn(mail, '/forgot-password').origin).toBe(env.server.origin);
    expect(mail.text).not.toContain('an-attackers-password');
    // The new address got its confirmation, not this email.
    expect(sink.messages.filter((m) => m.to.includes(fresh)).map((m) => readMail(m.raw).subject)).not.toContain(EXISTING_SUBJECT);
  });

  it('emails a mailbox at most three times a quarter of an hour, and still answers every sign-up alike', async () => {
    const owner = await env.signUp();
    for (let i = 0; i < 5; i++) {
      const res = await env.anonymous()('POST', '/api/auth/sign-up/email', { email: owner.email, password: `attempt-${i}-password`, name: 'Again' });
      expect(res.status).toBe(200);
    }
    await mailsTo(owner.email, EXISTING_SUBJECT, 3);
    // Give the two that must not be sent the time a sent one takes.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await mailsTo(owner.email, EXISTING_SUBJECT, 3)).toHaveLength(3);
  });
});

describe('password reset', () => {
  it('emails a link to the SPA; the new password works, the old one no longer does, and the link works once', async () => {
    const user = await env.signUp();
    okBody(await requestReset(user.email));
    const [mail] = await mailsTo(user.email, RESET_SUBJECT);
    if (!mail) throw new Error('no reset email');
    expect(mail.headers.get('from')).toContain('no-reply@localhost');
    expect(mail.text).toContain('The link works once, for one hour.');
    const link = linkIn(mail, '/reset-password');
    expect(link.origin).toBe(env.server.origin);
    const token = link.searchParams.get('token') ?? '';
    expect(mail.html).toContain(`token=${token}`);

    okBody(await env.anonymous()('POST', '/api/auth/reset-password', { token, newPassword: 'a-brand-new-password' }));
    expect(await signIn(user.email, 'a-brand-new-password')).toBe(200);
    expect(await signIn(user.email, user.password)).toBe(401);
    // Whoever held a session with the old password is signed out.
    expect((await user.api('GET', '/api/auth/get-session')).body).toBeNull();

    const again = await env.anonymous()<ErrorBody>('POST', '/api/auth/reset-password', { token, newPassword: 'yet-another-password' });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toMatch(/token/i);
    expect(await signIn(user.email, 'yet-another-password')).toBe(401);
  });

  it('keeps only the newest link: a newer request or a reset stops every earlier link', async () => {
    const user = await env.signUp();
    okBody(await requestReset(user.email));
    okBody(await requestReset(user.email));
    okBody(await requestReset(user.email));
    const tokens = (await mailsTo(user.email, RESET_SUBJECT, 3)).map((m) => linkIn(m, '/reset-password').searchParams.get('token') ?? '');
    expect(new Set(tokens).size).toBe(3);
    const [first, second, newest] = tokens;
    for (const old of [first, second]) {
      const refused = await env.anonymous()<ErrorBody>('POST', '/api/auth/reset-password', { token: old, newPassword: 'an-older-link-password' });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toMatch(/token/i);
    }
    okBody(await env.anonymous()('POST', '/api/auth/reset-password', { token: newest, newPassword: 'the-newest-link-password' }));
    expect(await signIn(user.email, 'the-newest-link-password')).toBe(200);
    expect(await signIn(user.email, 'an-older-link-password')).toBe(401);
    // And no reset link of theirs is left to use.
    const left = await env.db.db.select().from(authVerification).where(eq(authVerification.value, user.userId));
    expect(left.filter((v) => v.identifier.startsWith('reset-password:'))).toEqual([]);
  });

  it('refuses a password shorter than sign-up allows, and an expired link', async () => {
    const user = await env.signUp();
    const token = await resetFor(user);
    const short = await env.anonymous()<ErrorBody>('POST', '/api/auth/reset-password', { token, newPassword: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.error.message).toMatch(/short/i);
    const anHourAgo = new Date(Date.now() - 60 * 60_000);
    await env.db.db.update(authVerification).set({ expiresAt: anHourAgo }).where(eq(authVerification.value, user.userId));
    const res = await env.anonymous()<ErrorBody>('POST', '/api/auth/reset-password', { token, newPassword: 'a-brand-new-password' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/token/i);
    expect(await signIn(user.email, user.password)).toBe(200);
  });

  it('answers an unknown address exactly as a known one, and sends nothing', async () => {
    const known = await env.signUp();
    const address = `nobody-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const [forKnown, forUnknown] = [await requestReset(known.email), await requestReset(address)];
    expect(forUnknown.status).toBe(forKnown.status);
    expect(forUnknown.body).toEqual(forKnown.body);
    await mailsTo(known.email, RESET_SUBJECT);
    expect(sink.messages.filter((m) => m.to.includes(address))).toEqual([]);
  });

  it('tells the SPA that account emails are sent', async () => {
    const res = await env.anonymous()('GET', '/api/instance/');
    expect(instanceInfoSchema.parse(res.body)).toEqual({ account_mail: 'smtp', stripe_connect: false });
  });
});

describe('without a mail server', () => {
  let db: TestDatabase;
  let server: TestServer;
  const lines: string[] = [];
  beforeAll(async () => {
    db = await createTestDatabase(inject('adminDatabaseUrl'));
    server = await startTestServer(db.db, { LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_MAX: '1000' }, undefined, { logStream: { write: (line) => void lines.push(line) } });
  });
  afterAll(async () => {
    await server.close();
    await db.drop();
  });

  it('writes the reset link to the log, and says so to the SPA', async () => {
    const session = apiClient(server);
    const email = `logged-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await signUpAndSignIn(session, { email, password: 'correct-horse-battery', name: 'Logged User' });
    expect(instanceInfoSchema.parse((await session('GET', '/api/instance/')).body)).toEqual({ account_mail: 'log', stripe_connect: false });
    okBody(await apiClient(server)('POST', '/api/auth/request-password-reset', { email }));
    await expect.poll(() => lines.find((line) => line.includes(email) && line.includes('/reset-password?token='))).toBeTruthy();
    const line = lines.find((l) => l.includes(email) && l.includes('/reset-password?token=')) ?? '';
    const token = /reset-password\?token=([\w-]+)/.exec(line)?.[1] ?? '';
    okBody(await apiClient(server)('POST', '/api/auth/reset-password', { token, newPassword: 'a-logged-new-password' }));
    expect((await apiClient(server)('POST', '/api/auth/sign-in/email', { email, password: 'a-logged-new-password' })).status).toBe(200);
    // No confirmation is asked of a sign-up when nothing can be emailed.
    expect(lines.some((l) => l.includes('Confirm your email address'))).toBe(false);
  });
});

describe('address confirmation', () => {
  it('asks a new sign-up to confirm; signing in works before, and the link confirms it', async () => {
    const user = await env.signUp();
    const [mail] = await mailsTo(user.email, 'Confirm your email address for Receivables');
    if (!mail) throw new Error('no confirmation email');
    expect(await signIn(user.email, user.password)).toBe(200);
    const link = linkIn(mail, '/api/auth/verify-email');
    expect(link.searchParams.get('callbackURL')).toBe('/email-confirmed?kind=verify');
    await env.anonymous()('GET', `${link.pathname}${link.search}`);
    const [row] = await env.db.db.select({ emailVerified: authUser.emailVerified }).from(authUser).where(eq(authUser.id, user.userId));
    expect(row?.emailVerified).toBe(true);
  });

  it('changes the address only once the new one follows its link', async () => {
    const user = await env.signUp();
    const newEmail = `moved-${crypto.randomUUID().slice(0, 8)}@example.com`;
    okBody(await user.api('POST', '/api/auth/change-email', { newEmail }));
    const [mail] = await mailsTo(newEmail, 'Confirm your new email address for Receivables');
    if (!mail) throw new Error('no change email');
    // Until then the old address is the one that signs in.
    expect(await signIn(user.email, user.password)).toBe(200);
    const link = linkIn(mail, '/api/auth/verify-email');
    await env.anonymous()('GET', `${link.pathname}${link.search}`);
    expect(await signIn(newEmail, user.password)).toBe(200);
    expect(await signIn(user.email, user.password)).toBe(401);
  });
});

describe('profile, password and sessions', () => {
  async function sessionOf(api: ApiClient) {
    return (await api<{ user: { name: string; email: string } } | null>('GET', '/api/auth/get-session')).body;
  }

  it('changes the name, and the next token carries it', async () => {
    const user = await env.signUp();
    okBody(await user.api('POST', '/api/auth/update-user', { name: 'Renamed Person' }));
    expect((await sessionOf(user.api))?.user.name).toBe('Renamed Person');
    const token = await user.api.mintToken();
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { name?: string };
    expect(claims.name).toBe('Renamed Person');
  });

  it('refuses a password change with the wrong current password, and signs other devices out on request', async () => {
    const user = await env.signUp();
    const wrong = await user.api<ErrorBody>('POST', '/api/auth/change-password', { currentPassword: 'not-my-password', newPassword: 'a-changed-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toMatch(/password/i);
    expect(await signIn(user.email, user.password)).toBe(200);

    const otherDevice = env.anonymous();
    okBody(await otherDevice('POST', '/api/auth/sign-in/email', { email: user.email, password: user.password }));
    okBody(await user.api('POST', '/api/auth/change-password', { currentPassword: user.password, newPassword: 'a-changed-password', revokeOtherSessions: true }));
    expect(await sessionOf(otherDevice)).toBeNull();
    expect((await sessionOf(user.api))?.user.email).toBe(user.email);
    expect(await signIn(user.email, 'a-changed-password')).toBe(200);
  });

  it('lists the sessions with their browsers, signs one out, then all the others', async () => {
    const user = await env.signUp();
    const phone = env.anonymous();
    const phoneAgent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1';
    okBody(await phone('POST', '/api/auth/sign-in/email', { email: user.email, password: user.password }, { 'user-agent': phoneAgent }));
    const laptop = env.anonymous();
    okBody(await laptop('POST', '/api/auth/sign-in/email', { email: user.email, password: user.password }));

    type Listed = { token: string; userAgent: string | null; updatedAt: string }[];
    const listed = okBody(await user.api<Listed>('GET', '/api/auth/list-sessions'));
    expect(listed).toHaveLength(3);
    const phoneSession = listed.find((s) => s.userAgent === phoneAgent);
    if (!phoneSession) throw new Error('the phone session is not listed');

    okBody(await user.api('POST', '/api/auth/revoke-session', { token: phoneSession.token }));
    expect(await sessionOf(phone)).toBeNull();
    expect(okBody(await user.api<Listed>('GET', '/api/auth/list-sessions'))).toHaveLength(2);

    okBody(await user.api('POST', '/api/auth/revoke-other-sessions'));
    expect(await sessionOf(laptop)).toBeNull();
    expect(await sessionOf(user.api)).not.toBeNull();
    expect(okBody(await user.api<Listed>('GET', '/api/auth/list-sessions'))).toHaveLength(1);
  });

  it('cannot sign out another person\'s session', async () => {
    const owner = await env.signUp();
    const stranger = await env.signUp();
    const [ownerSession] = okBody(await owner.api<{ token: string }[]>('GET', '/api/auth/list-sessions'));
    await stranger.api('POST', '/api/auth/revoke-session', { token: ownerSession?.token });
    expect(await sessionOf(owner.api)).not.toBeNull();
  });
});
