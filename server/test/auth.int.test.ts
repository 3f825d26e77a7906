import { type CustomerListResponse, DEFAULT_ORG_CLAIM, type ErrorBody } from '@receivables/contracts';
import { and, eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';

import { authMember } from '../src/db/schema';

import { useIntegrationEnv } from './integration-env';
import { type ApiAnswer, type ApiHeaders, apiClient, insertCustomer, insertOrganization, okBody, signUpAndSignIn } from './support';

const env = useIntegrationEnv();

function expectUnauthenticated(response: ApiAnswer) {
  expect(response.status).toBe(401);
  const body = response.body as ErrorBody;
  expect(body.error.code).toBe('UNAUTHENTICATED');
  expect(body.error.message).toBeTruthy();
}

describe('auth flow', () => {
  it('signs up, creates and activates an organisation, and reads data with the token', async () => {
    const session = env.anonymous();
    const email = `flow-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const password = 'a-long-password';

    const signUp = await session('POST', '/api/auth/sign-up/email', { email, password, name: 'Flow User' });
    expect(signUp.status).toBe(200);

    // A fresh session (new cookie jar) signs in with the same credentials.
    const signedIn = env.anonymous();
    const signIn = await signedIn('POST', '/api/auth/sign-in/email', { email, password });
    expect(signIn.status).toBe(200);

    // Before choosing an organisation the token carries no org claim and is refused by the API.
    const orgless = await signedIn.mintToken();
    expectUnauthenticated(await signedIn.withToken(orgless)('GET', '/api/customers/'));

    const org = okBody(await signedIn<{ id: string; name: string }>('POST', '/api/auth/organization/create', { name: 'Flow Ltd', slug: `flow-${crypto.randomUUID().slice(0, 6)}` }));
    const second = okBody(await signedIn<{ id: string }>('POST', '/api/auth/organization/create', { name: 'Other Ltd', slug: `other-${crypto.randomUUID().slice(0, 6)}` }));
    const list = okBody(await signedIn<{ id: string }[]>('GET', '/api/auth/organization/list'));
    expect(list.map((o) => o.id).sort()).toEqual([org.id, second.id].sort());

    okBody(await signedIn('POST', '/api/auth/organization/set-active', { organizationId: org.id }));
    const token = await signedIn.mintToken();
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
    expect(claims[DEFAULT_ORG_CLAIM]).toBe(org.id);
    expect(claims.email).toBe(email);
    expect(claims.name).toBe('Flow User');
    expect(typeof claims.sub).toBe('string');

    await insertCustomer(env.db.db, org.id, { name: 'Visible Customer' });
    const customers = await signedIn.withToken(token)<CustomerListResponse>('GET', '/api/customers/');
    expect(customers.status).toBe(200);
    expect(customers.body.rows.map((r) => r.name)).toEqual(['Visible Customer']);

    // Switching organisation and re-minting the token changes what the API shows.
    okBody(await signedIn('POST', '/api/auth/organization/set-active', { organizationId: second.id }));
    const secondToken = await signedIn.mintToken();
    const other = okBody(await signedIn.withToken(secondToken)<CustomerListResponse>('GET', '/api/customers/'));
    expect(other.total).toBe(0);

    const jwks = okBody(await signedIn<{ keys: { kid: string; alg: string }[] }>('GET', '/api/auth/jwks'));
    expect(jwks.keys.length).toBeGreaterThan(0);
    expect(jwks.keys[0]?.alg).toBe('EdDSA');
  });

  it('refuses cookie requests from an untrusted origin', async () => {
    const user = await env.signUp();
    const res = await user.api<ErrorBody>('POST', '/api/auth/organization/set-active', { organizationId: user.orgId }, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    // The person is told which origin was refused and what to set, not a bare "Forbidden".
    const body = res.body;
    expect(body.error.code).toBe('FORBIDDEN');
    expect(body.error.message).toContain('https://evil.example');
    expect(body.error.message).toContain('TRUSTED_ORIGINS');
  });

  it('rejects passwords shorter than 8 characters', async () => {
    const res = await env.anonymous()('POST', '/api/auth/sign-up/email', { email: 'short@example.com', password: 'short', name: 'Short' });
    expect(res.status).toBe(400);
  });
});

describe('bearer guard', () => {
  /** The customer list with this bearer token, or with an Authorization header written out. */
  const get = (token?: string, raw?: string) => {
    const headers: ApiHeaders = raw ? { authorization: raw } : {};
    return apiClient(env.server, token ? { token } : {})('GET', '/api/customers/', undefined, headers);
  };

  it('401 without a token, with garbage and with a non-bearer scheme', async () => {
    expectUnauthenticated(await get());
    expectUnauthenticated(await get('garbage'));
    expectUnauthenticated(await get('a.b.c'));
    expectUnauthenticated(await get(undefined, 'Basic dXNlcjpwYXNz'));
  });

  it('401 for a token signed by another key', async () => {
    const user = await env.signUp();
    const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const ourKid = okBody(await user.api<{ keys: { kid: string }[] }>('GET', '/api/auth/jwks')).keys[0]?.kid ?? 'x';
    for (const kid of [ourKid, 'some-other-kid']) {
      const forged = await new SignJWT({ [DEFAULT_ORG_CLAIM]: user.orgId, email: user.email })
        .setProtectedHeader({ alg: 'EdDSA', kid })
        .setSubject(user.userId)
        .setIssuer(env.server.config.auth.issuer)
        .setAudience(env.server.config.auth.audience)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
      expectUnauthenticated(await get(forged));
    }
    expect(await exportJWK(publicKey)).toBeTruthy();
    // The genuine token still works.
    expect((await get(user.token)).status).toBe(200);
  });

  it('401 for an expired token and for a token from another issuer', async () => {
    const user = await env.signUp();
    const sign = (iss: string, exp: number) =>
      env.server.app.auth.api.signJWT({
        body: {
          payload: { sub: user.userId, [DEFAULT_ORG_CLAIM]: user.orgId, iss, aud: env.server.config.auth.audience, exp, iat: exp - 900 },
        },
      });
    const now = Math.floor(Date.now() / 1000);
    const expired = await sign(env.server.config.auth.issuer, now - 60);
    expectUnauthenticated(await get(expired.token));
    const foreign = await sign('https://someone-else.example', now + 600);
    expectUnauthenticated(await get(foreign.token));
    const fine = await sign(env.server.config.auth.issuer, now + 600);
    expect((await get(fine.token)).status).toBe(200);
  });

  it('401 for a token without an organisation', async () => {
    const session = env.anonymous();
    await signUpAndSignIn(session, { email: `noorg-${crypto.randomUUID().slice(0, 6)}@example.com`, password: 'long-enough-pw', name: 'No Org' });
    expectUnauthenticated(await get(await session.mintToken()));
  });

  it('401 once the user is no longer a member of the organisation', async () => {
    const user = await env.signUp();
    expect((await get(user.token)).status).toBe(200);
    await env.db.db.delete(authMember).where(and(eq(authMember.userId, user.userId), eq(authMember.organizationId, user.orgId)));
    expectUnauthenticated(await get(user.token));
  });
});

describe('the organisation a new sign-in starts in', () => {
  const orgClaim = (token: string) =>
    (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>)[DEFAULT_ORG_CLAIM];

  it('is the one the user last worked in, so signing in does not ask again', async () => {
    const user = await env.signUp();
    const second = okBody(await user.api<{ id: string }>('POST', '/api/auth/organization/create', { name: 'Second Ltd', slug: `second-${crypto.randomUUID().slice(0, 6)}` }));
    okBody(await user.api('POST', '/api/auth/organization/set-active', { organizationId: second.id }));

    const again = env.anonymous();
    okBody(await again('POST', '/api/auth/sign-in/email', { email: user.email, password: user.password }));
    expect(orgClaim(await again.mintToken())).toBe(second.id);
  });

  it('stays the same after a refused switch to an organisation the user is not in', async () => {
    const user = await env.signUp();
    const stranger = await insertOrganization(env.db.db, { name: 'Not Theirs Ltd' });
    const session = user.api.withToken(null);
    const refused = await session('POST', '/api/auth/organization/set-active', { organizationId: stranger.id });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(orgClaim(await session.mintToken())).toBe(user.orgId);
  });

  it('is none once the user has left that organisation and belongs to no other', async () => {
    const user = await env.signUp();
    await env.db.db.delete(authMember).where(and(eq(authMember.userId, user.userId), eq(authMember.organizationId, user.orgId)));

    const again = env.anonymous();
    okBody(await again('POST', '/api/auth/sign-in/email', { email: user.email, password: user.password }));
    expect(orgClaim(await again.mintToken())).toBeUndefined();
  });
});
