import { DEFAULT_ORG_CLAIM } from '@receivables/contracts';
import { and, eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';

import { authMember } from '../src/db/schema';

import { useIntegrationEnv } from './integration-env';
import { HttpSession, insertCustomer, signUpWithOrg } from './support';

const env = useIntegrationEnv();

async function expectUnauthenticated(response: Response) {
  expect(response.status).toBe(401);
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe('UNAUTHENTICATED');
  expect(body.error.message).toBeTruthy();
}

describe('auth flow', () => {
  it('signs up, creates and activates an organisation, and reads data with the token', async () => {
    const { baseUrl, origin } = env.server;
    const session = new HttpSession(baseUrl, origin);
    const email = `flow-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const password = 'a-long-password';

    const signUp = await session.request('POST', '/api/auth/sign-up/email', { body: { email, password, name: 'Flow User' } });
    expect(signUp.status).toBe(200);

    // A fresh session (new cookie jar) signs in with the same credentials.
    const signedIn = new HttpSession(baseUrl, origin);
    const signIn = await signedIn.request('POST', '/api/auth/sign-in/email', { body: { email, password } });
    expect(signIn.status).toBe(200);

    // Before choosing an organisation the token carries no org claim and is refused by the API.
    const orgless = await signedIn.token();
    await expectUnauthenticated(await signedIn.request('GET', '/api/customers/', { token: orgless }));

    const org = await signedIn.postJson<{ id: string; name: string }>('/api/auth/organization/create', { name: 'Flow Ltd', slug: `flow-${crypto.randomUUID().slice(0, 6)}` });
    const second = await signedIn.postJson<{ id: string }>('/api/auth/organization/create', { name: 'Other Ltd', slug: `other-${crypto.randomUUID().slice(0, 6)}` });
    const list = await signedIn.getJson<{ id: string }[]>('/api/auth/organization/list');
    expect(list.map((o) => o.id).sort()).toEqual([org.id, second.id].sort());

    await signedIn.postJson('/api/auth/organization/set-active', { organizationId: org.id });
    const token = await signedIn.token();
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
    expect(claims[DEFAULT_ORG_CLAIM]).toBe(org.id);
    expect(claims.email).toBe(email);
    expect(claims.name).toBe('Flow User');
    expect(typeof claims.sub).toBe('string');

    await insertCustomer(env.db.db, org.id, { name: 'Visible Customer' });
    const customers = await signedIn.request('GET', '/api/customers/', { token });
    expect(customers.status).toBe(200);
    expect(((await customers.json()) as { rows: { name: string }[] }).rows.map((r) => r.name)).toEqual(['Visible Customer']);

    // Switching organisation and re-minting the token changes what the API shows.
    await signedIn.postJson('/api/auth/organization/set-active', { organizationId: second.id });
    const secondToken = await signedIn.token();
    const other = (await (await signedIn.request('GET', '/api/customers/', { token: secondToken })).json()) as { total: number };
    expect(other.total).toBe(0);

    const jwks = await signedIn.getJson<{ keys: { kid: string; alg: string }[] }>('/api/auth/jwks');
    expect(jwks.keys.length).toBeGreaterThan(0);
    expect(jwks.keys[0]?.alg).toBe('EdDSA');
  });

  it('refuses cookie requests from an untrusted origin', async () => {
    const user = await signUpWithOrg(env.server.baseUrl, env.server.origin);
    const res = await user.session.request('POST', '/api/auth/organization/set-active', {
      body: { organizationId: user.orgId },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    // The person is told which origin was refused and what to set, not a bare "Forbidden".
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('FORBIDDEN');
    expect(body.error.message).toContain('https://evil.example');
    expect(body.error.message).toContain('TRUSTED_ORIGINS');
  });

  it('rejects passwords shorter than 8 characters', async () => {
    const session = new HttpSession(env.server.baseUrl, env.server.origin);
    const res = await session.request('POST', '/api/auth/sign-up/email', { body: { email: 'short@example.com', password: 'short', name: 'Short' } });
    expect(res.status).toBe(400);
  });
});

describe('bearer guard', () => {
  const get = (token?: string, raw?: string) =>
    fetch(`${env.server.baseUrl}/api/customers/`, { headers: raw ? { authorization: raw } : token ? { authorization: `Bearer ${token}` } : {} });

  it('401 without a token, with garbage and with a non-bearer scheme', async () => {
    await expectUnauthenticated(await get());
    await expectUnauthenticated(await get('garbage'));
    await expectUnauthenticated(await get('a.b.c'));
    await expectUnauthenticated(await get(undefined, 'Basic dXNlcjpwYXNz'));
  });

  it('401 for a token signed by another key', async () => {
    const user = await signUpWithOrg(env.server.baseUrl, env.server.origin);
    const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const ourKid = (await user.session.getJson<{ keys: { kid: string }[] }>('/api/auth/jwks')).keys[0]?.kid ?? 'x';
    for (const kid of [ourKid, 'some-other-kid']) {
      const forged = await new SignJWT({ [DEFAULT_ORG_CLAIM]: user.orgId, email: user.email })
        .setProtectedHeader({ alg: 'EdDSA', kid })
        .setSubject(user.userId)
        .setIssuer(env.server.config.auth.issuer)
        .setAudience(env.server.config.auth.audience)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
      await expectUnauthenticated(await get(forged));
    }
    expect(await exportJWK(publicKey)).toBeTruthy();
    // The genuine token still works.
    expect((await get(user.token)).status).toBe(200);
  });

  it('401 for an expired token and for a token from another issuer', async () => {
    const user = await signUpWithOrg(env.server.baseUrl, env.server.origin);
    const sign = (iss: string, exp: number) =>
      env.server.app.auth.api.signJWT({
        body: {
          payload: { sub: user.userId, [DEFAULT_ORG_CLAIM]: user.orgId, iss, aud: env.server.config.auth.audience, exp, iat: exp - 900 },
        },
      });
    const now = Math.floor(Date.now() / 1000);
    const expired = await sign(env.server.config.auth.issuer, now - 60);
    await expectUnauthenticated(await get(expired.token));
    const foreign = await sign('https://someone-else.example', now + 600);
    await expectUnauthenticated(await get(foreign.token));
    const fine = await sign(env.server.config.auth.issuer, now + 600);
    expect((await get(fine.token)).status).toBe(200);
  });

  it('401 for a token without an organisation', async () => {
    const session = new HttpSession(env.server.baseUrl, env.server.origin);
    await session.postJson('/api/auth/sign-up/email', { email: `noorg-${crypto.randomUUID().slice(0, 6)}@example.com`, password: 'long-enough-pw', name: 'No Org' });
    await expectUnauthenticated(await get(await session.token()));
  });

  it('401 once the user is no longer a member of the organisation', async () => {
    const user = await signUpWithOrg(env.server.baseUrl, env.server.origin);
    expect((await get(user.token)).status).toBe(200);
    await env.db.db.delete(authMember).where(and(eq(authMember.userId, user.userId), eq(authMember.organizationId, user.orgId)));
    await expectUnauthenticated(await get(user.token));
  });
});

describe('the organisation a new sign-in starts in', () => {
  const orgClaim = (token: string) =>
    (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>)[DEFAULT_ORG_CLAIM];

  it('is the one the user last worked in, so signing in does not ask again', async () => {
    const { baseUrl, origin } = env.server;
    const user = await signUpWithOrg(baseUrl, origin);
    const second = await user.session.postJson<{ id: string }>('/api/auth/organization/create', { name: 'Second Ltd', slug: `second-${crypto.randomUUID().slice(0, 6)}` });
    await user.session.postJson('/api/auth/organization/set-active', { organizationId: second.id });

    const again = new HttpSession(baseUrl, origin);
    await again.postJson('/api/auth/sign-in/email', { email: user.email, password: user.password });
    expect(orgClaim(await again.token())).toBe(second.id);
  });

  it('is none once the user has left that organisation and belongs to no other', async () => {
    const { baseUrl, origin } = env.server;
    const user = await signUpWithOrg(baseUrl, origin);
    await env.db.db.delete(authMember).where(and(eq(authMember.userId, user.userId), eq(authMember.organizationId, user.orgId)));

    const again = new HttpSession(baseUrl, origin);
    await again.postJson('/api/auth/sign-in/email', { email: user.email, password: user.password });
    expect(orgClaim(await again.token())).toBeUndefined();
  });
});
