import { z } from 'zod';

/** The JWT claim that carries the caller's active organisation id (configurable on the server). */
export const DEFAULT_ORG_CLAIM = 'org_id';

/**
 * How long a sign-in lasts: the session cookie's lifetime. Each day the app is used the session is
 * renewed for this long again, so it ends after this many days without use, or at sign-out. The
 * server configures better-auth with it and the cookie notice states it.
 */
export const SESSION_LIFETIME_DAYS = 7;
/** A session used again after this long is renewed for {@link SESSION_LIFETIME_DAYS}. */
export const SESSION_RENEWAL_DAYS = 1;

/** `GET /api/auth/token` answers this; the SPA sends it as `Authorization: Bearer <token>`. */
export const authTokenResponseSchema = z.object({ token: z.string().min(1) });
export type AuthTokenResponse = z.infer<typeof authTokenResponseSchema>;
