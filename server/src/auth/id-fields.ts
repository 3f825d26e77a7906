import { APIError } from 'better-auth/api';

import type { AuthRequestContext } from './auth-request';

/** Fields of better-auth's organisation endpoints that name a row by its id: every id here is a UUID. */
const ID_FIELDS = ['organizationId', 'memberId', 'invitationId', 'userId', 'teamId', 'id'] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An id that cannot be one is refused before better-auth sends it to a uuid column (which answers
 * its own error as a 500): a 400 naming the field, never the value (decision 0012).
 */
export function checkIdFields(ctx: AuthRequestContext): void {
  if (!ctx.path.startsWith('/organization/')) return;
  for (const source of [ctx.query, ctx.body]) {
    if (!source || typeof source !== 'object') continue;
    for (const field of ID_FIELDS) {
      const value: unknown = (source as Record<string, unknown>)[field];
      if (value !== undefined && value !== null && (typeof value !== 'string' || !UUID.test(value))) {
        throw new APIError('BAD_REQUEST', { message: `${field} must be an id (a UUID)` });
      }
    }
  }
}
