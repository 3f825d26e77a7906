import type { Db } from '../../src/db/client';
import { insertMembership } from '../../src/seed/factories';

import { type ApiClient, apiClient, type ApiTarget, okBody } from './api-client';

export interface SignedUpUser {
  /** The user's client: their session cookies, and a bearer token carrying `orgId`. */
  api: ApiClient;
  userId: string;
  orgId: string;
  email: string;
  password: string;
  /** The bearer token `api` sends. */
  token: string;
}

/**
 * Create an account over HTTP and sign in to it on `session`, as the SPA does: a sign-up starts no
 * session of its own, so a taken address answers just like a new one (issue 28, finding 8).
 */
export async function signUpAndSignIn(
  session: ApiClient,
  input: { email: string; password: string; name: string },
): Promise<{ user: { id: string } }> {
  okBody(await session('POST', '/api/auth/sign-up/email', input));
  return okBody(await session<{ user: { id: string } }>('POST', '/api/auth/sign-in/email', { email: input.email, password: input.password }));
}

/** Sign up a new user over HTTP, create an organisation (it becomes active) and mint a token. */
export async function signUpWithOrg(
  target: ApiTarget,
  input: { email?: string; password?: string; name?: string; orgName?: string } = {},
): Promise<SignedUpUser> {
  const session = apiClient(target);
  const suffix = crypto.randomUUID().slice(0, 8);
  const email = input.email ?? `user-${suffix}@example.com`;
  const password = input.password ?? 'correct-horse-battery';
  const { user } = await signUpAndSignIn(session, { email, password, name: input.name ?? `User ${suffix}` });
  const org = okBody(await session<{ id: string }>('POST', '/api/auth/organization/create', { name: input.orgName ?? `Org ${suffix}`, slug: `org-${suffix}` }));
  okBody(await session('POST', '/api/auth/organization/set-active', { organizationId: org.id }));
  const token = await session.mintToken();
  return { api: session.withToken(token), userId: user.id, orgId: org.id, email, password, token };
}

/**
 * Sign up a new user and make them a `role` of the organisation `orgId` (as an accepted invitation
 * would), with a token for it: a second person in someone else's organisation.
 */
export async function joinWithRole(target: ApiTarget, db: Db, orgId: string, role: 'owner' | 'admin' | 'member'): Promise<SignedUpUser> {
  const own = await signUpWithOrg(target);
  await insertMembership(db, orgId, own.email, role);
  const session = own.api.withToken(null);
  okBody(await session('POST', '/api/auth/organization/set-active', { organizationId: orgId }));
  const token = await session.mintToken();
  return { ...own, api: own.api.withToken(token), orgId, token };
}
