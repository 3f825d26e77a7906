import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

import { eq } from 'drizzle-orm';

import type { DbOrTx, Tx } from '../../db/client';
import { invitationSecret } from '../../db/schema';

const hashOf = (token: string): string => createHash('sha256').update(token).digest('base64url');

/**
 * A new secret for an invitation's link, replacing any earlier one (a re-sent invitation's old link
 * stops working). Only its hash is stored; the token itself goes into the email and the answer to
 * the owner who sent it, never into a list anyone else can read (decision 0025).
 */
export async function issueInvitationToken(tx: Tx, invitationId: string): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await tx
    .insert(invitationSecret)
    .values({ invitationId, tokenHash: hashOf(token) })
    .onConflictDoUpdate({ target: invitationSecret.invitationId, set: { tokenHash: hashOf(token), createdAt: new Date() } });
  return token;
}

/** Whether `token` is the current secret of the invitation's link (compared in constant time). */
export async function isInvitationToken(db: DbOrTx, invitationId: string, token: unknown): Promise<boolean> {
  if (typeof token !== 'string' || token.length === 0 || token.length > 200) return false;
  const [row] = await db
    .select({ hash: invitationSecret.tokenHash })
    .from(invitationSecret)
    .where(eq(invitationSecret.invitationId, invitationId));
  if (!row) return false;
  const [given, kept] = [Buffer.from(hashOf(token)), Buffer.from(row.hash)];
  return given.length === kept.length && timingSafeEqual(given, kept);
}
