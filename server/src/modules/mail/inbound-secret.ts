import { createHash, randomBytes } from 'node:crypto';

import type { Db, Tx } from '../../db/client';

import { findInboundOrgs, replaceInboundRoute } from './inbound-directory';

/** Secrets start with this, so one pasted in the wrong place is recognisable. */
const PREFIX = 'inb_';

/** What is stored of a secret: its SHA-256, which also finds its organisation. */
export const inboundSecretHash = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** Make a new inbound webhook secret for the organisation, replacing the old one at once. */
export async function rotateInboundSecret(tx: Tx, orgId: string): Promise<string> {
  const secret = PREFIX + randomBytes(32).toString('base64url');
  await replaceInboundRoute(tx, orgId, 'webhook_secret', inboundSecretHash(secret));
  return secret;
}

/** The organisation a secret belongs to, or null. */
export async function organisationOfInboundSecret(db: Db, secret: string): Promise<string | null> {
  if (!secret.startsWith(PREFIX)) return null;
  const [orgId] = await findInboundOrgs(db, 'webhook_secret', inboundSecretHash(secret));
  return orgId ?? null;
}

/**
 * The secret an inbound request presents: `Authorization: Bearer <secret>`, or HTTP Basic whose
 * password is the secret (services that only let credentials ride in the URL).
 */
export function presentedSecret(authorization: string | undefined): string | null {
  if (!authorization) return null;
  const [scheme, value] = authorization.split(/\s+/, 2);
  if (!value) return null;
  if (scheme?.toLowerCase() === 'bearer') return value;
  if (scheme?.toLowerCase() === 'basic') {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return colon >= 0 ? decoded.slice(colon + 1) : null;
  }
  return null;
}
