import { jwtClient, organizationClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

/**
 * better-auth's client, talking to `/api/auth/*` on the same origin (the dev server proxies it),
 * so the session cookie is first-party.
 */
export const authClient = createAuthClient({
  plugins: [organizationClient(), jwtClient()],
});

export type AuthSession = typeof authClient.$Infer.Session;
