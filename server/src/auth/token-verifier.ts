import { highestRole, type Role } from '@receivables/contracts';
import { and, eq } from 'drizzle-orm';
import { createLocalJWKSet, createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';

import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { authMember } from '../db/schema';
import { AppError } from '../errors/app-error';

import type { Auth } from './create-auth';

/** Who is calling, as established from a verified bearer token. */
export interface Principal {
  userId: string;
  orgId: string;
  /** The caller's role in the organisation, read with the membership on every request (decision 0024). */
  role: Role;
}

export type TokenVerifier = (token: string) => Promise<Principal>;

const uuidSchema = z.uuid();

/**
 * Verify bearer tokens with jose against a JWKS: an external issuer's (AUTH_JWKS_URL) or our own
 * better-auth keys read in-process. Then require the organisation claim and a live membership,
 * so a token outlives neither a removal from the organisation nor the organisation itself.
 */
export function createTokenVerifier(deps: { db: Db; auth: Auth; config: AppConfig }): TokenVerifier {
  const { db, config } = deps;
  const getKey = config.auth.jwksUrl ? createRemoteJWKSet(new URL(config.auth.jwksUrl)) : localKeyResolver(deps.auth);

  return async (token) => {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, getKey, {
        issuer: config.auth.issuer,
        audience: config.auth.audience,
      }));
    } catch (error) {
      // Only a bad token is the caller's fault; failing to load keys is ours (a 500).
      if (!(error instanceof joseErrors.JOSEError)) throw error;
      throw new AppError('UNAUTHENTICATED', describeJoseError(error));
    }
    const userId = uuidSchema.safeParse(payload.sub);
    if (!userId.success) throw new AppError('UNAUTHENTICATED', 'The token has no valid subject');
    const orgId = uuidSchema.safeParse(payload[config.auth.orgClaim]);
    if (!orgId.success) {
      throw new AppError('UNAUTHENTICATED', 'The token carries no organisation; choose an organisation and fetch a new token');
    }
    const [membership] = await db
      .select({ role: authMember.role })
      .from(authMember)
      .where(and(eq(authMember.userId, userId.data), eq(authMember.organizationId, orgId.data)))
      .limit(1);
    if (!membership) throw new AppError('UNAUTHENTICATED', 'You are not a member of this organisation');
    // A role this version does not know is the least one: never more than the organisation gave.
    return { userId: userId.data, orgId: orgId.data, role: highestRole(membership.role) ?? 'member' };
  };
}

const RELOAD_COOLDOWN_MS = 5_000;

/**
 * Resolve keys from better-auth's JWKS, re-reading it when a token names an unknown key (a key was
 * rotated in). The cooldown stops forged tokens with random key ids from hammering the database.
 */
function localKeyResolver(auth: Auth): JWTVerifyGetKey {
  let keySet: JWTVerifyGetKey | undefined;
  let loadedAt = 0;
  const load = async () => {
    const jwks = await auth.api.getJwks();
    keySet = createLocalJWKSet(jwks);
    loadedAt = Date.now();
    return keySet;
  };
  return async (header, token) => {
    const current = keySet ?? (await load());
    try {
      return await current(header, token);
    } catch (error) {
      if (!(error instanceof joseErrors.JWKSNoMatchingKey) || Date.now() - loadedAt < RELOAD_COOLDOWN_MS) throw error;
      return (await load())(header, token);
    }
  };
}

function describeJoseError(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'The token has expired';
  if (error instanceof joseErrors.JWTClaimValidationFailed) return 'The token was not issued for this service';
  if (error instanceof joseErrors.JWSSignatureVerificationFailed || error instanceof joseErrors.JWKSNoMatchingKey) {
    return 'The token signature is not valid';
  }
  return 'The token is malformed or not valid';
}
