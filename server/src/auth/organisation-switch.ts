import { APIError } from 'better-auth/api';
import { and, eq } from 'drizzle-orm';

import type { Db } from '../db/client';
import { authMember } from '../db/schema';

/**
 * A switch to an organisation the user is not in is refused before better-auth runs it: better-auth
 * would first clear the session's active organisation, so a mistyped or hostile id signed the person
 * out of the organisation they were working in.
 */
export async function refuseForeignSwitch(db: Db, userId: string, body: unknown): Promise<void> {
  const organizationId = body && typeof body === 'object' ? (body as { organizationId?: unknown }).organizationId : undefined;
  if (typeof organizationId !== 'string') return;
  const [membership] = await db
    .select({ id: authMember.id })
    .from(authMember)
    .where(and(eq(authMember.userId, userId), eq(authMember.organizationId, organizationId)));
  if (!membership) throw new APIError('FORBIDDEN', { message: 'You are not a member of this organisation' });
}
