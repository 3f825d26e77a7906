import { z } from 'zod';

/** The JWT claim that carries the caller's active organisation id (configurable on the server). */
export const DEFAULT_ORG_CLAIM = 'org_id';

/** `GET /api/auth/token` answers this; the SPA sends it as `Authorization: Bearer <token>`. */
export const authTokenResponseSchema = z.object({ token: z.string().min(1) });
export type AuthTokenResponse = z.infer<typeof authTokenResponseSchema>;
