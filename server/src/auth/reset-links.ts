import { and, eq, like, lt } from 'drizzle-orm';

import type { Db } from '../db/client';
import { authVerification } from '../db/schema';

/** better-auth keeps each reset link as a verification row `reset-password:<token>` whose value is the user's id. */
const RESET_PREFIX = 'reset-password:';

/**
 * Only the newest reset link works (decision 0026): when a new one is sent, the user's earlier ones
 * are dropped, so a link forwarded, leaked or left in an old email opens nothing. "Earlier" is by
 * when each was made, not "every other": better-auth sends in the background, and two sends can
 * finish out of order.
 */
export async function dropEarlierResetLinks(db: Db, userId: string, token: string): Promise<void> {
  const [current] = await db
    .select({ createdAt: authVerification.createdAt })
    .from(authVerification)
    .where(eq(authVerification.identifier, `${RESET_PREFIX}${token}`));
  if (!current) return;
  await db
    .delete(authVerification)
    .where(and(eq(authVerification.value, userId), like(authVerification.identifier, `${RESET_PREFIX}%`), lt(authVerification.createdAt, current.createdAt)));
}

/** Once a password is reset, no reset link of the user's works any more. */
export async function dropResetLinks(db: Db, userId: string): Promise<void> {
  await db.delete(authVerification).where(and(eq(authVerification.value, userId), like(authVerification.identifier, `${RESET_PREFIX}%`)));
}
