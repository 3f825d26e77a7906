/**
 * The API's paths answered without a bearer token, each with everything under it. The server
 * mounts a route module outside the bearer guard only when its definition is public and its path
 * is listed here (and refuses to start if a listed path has no such module); the SPA sends its
 * token everywhere else under /api/ (docs/architecture.md).
 */
export const PUBLIC_API_PATHS = [
  // better-auth's own routes: sign-in, sessions, organisations, the token itself (the session cookie).
  '/api/auth',
  // The API's documentation.
  '/api/docs',
  // Liveness, for load balancers and the start-up script.
  '/api/health',
  // How this server sends account emails, for the forgot-password screen (decision 0026).
  '/api/instance',
  // An invitation's accept page, before its invitee has an account (decision 0025).
  '/api/invitations',
  // Replies forwarded by a mail service: the organisation's inbound secret is its credential (decision 0021).
  '/api/inbound/email',
  // Stripe's calls: the signature over the body is their credential (decision 0022).
  '/api/stripe/webhook',
] as const;

export type PublicApiPath = (typeof PUBLIC_API_PATHS)[number];

/** Whether `path` (a query string allowed) is one of PUBLIC_API_PATHS or under one. */
export function isPublicApiPath(path: string): boolean {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  return PUBLIC_API_PATHS.some((p) => bare === p || bare.startsWith(`${p}/`));
}
