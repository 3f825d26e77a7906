import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { type Auth, CLIENT_IP_HEADER } from '../auth/create-auth';
import type { Principal, TokenVerifier } from '../auth/token-verifier';
import { AppError } from '../errors/app-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller; set by the bearer guard on every protected `/api` route. */
    principal: Principal | null;
  }
}

/** `/api` paths reachable without a bearer token. */
const PUBLIC_API_PREFIXES = ['/api/auth/', '/api/health', '/api/docs'];

/** Mount better-auth at /api/auth/* and guard every other /api route with a bearer token. */
export function registerAuth(app: FastifyInstance, deps: { auth: Auth; verifyToken: TokenVerifier; publicUrl: string }): void {
  app.decorateRequest('principal', null);

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    handler: (request, reply) => forwardToBetterAuth(deps.auth, deps.publicUrl, request, reply),
  });

  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?', 1)[0] ?? '';
    if (!path.startsWith('/api/') && path !== '/api') return;
    if (PUBLIC_API_PREFIXES.some((p) => path === p || path.startsWith(p))) return;
    // Unknown routes fall through to the JSON 404; they expose nothing.
    if (!request.routeOptions.url) return;
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    if (!match?.[1]) throw new AppError('UNAUTHENTICATED', 'A bearer token is required');
    request.principal = await deps.verifyToken(match[1]);
  });
}

/** The verified caller of a guarded route; throws if the guard did not run (a wiring bug). */
export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('UNAUTHENTICATED', 'A bearer token is required');
  return request.principal;
}

/** The organisation and acting user of a write, as use cases take them. */
export function writerOf(request: FastifyRequest): { orgId: string; actorId: string } {
  const { orgId, userId } = requirePrincipal(request);
  return { orgId, actorId: userId };
}

async function forwardToBetterAuth(auth: Auth, publicUrl: string, request: FastifyRequest, reply: FastifyReply) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  const hasBody = request.method !== 'GET' && request.body !== undefined && request.body !== null;
  if (hasBody) headers.delete('content-length');
  const response = await auth.handler(
    new Request(new URL(request.url, publicUrl), {
      method: request.method,
      headers,
      body: hasBody ? JSON.stringify(request.body) : undefined,
    }),
  );
  if (response.status === 403) await explainRefusedOrigin(response.clone(), request, publicUrl);
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
}

/**
 * better-auth refuses a cookie request from an origin it does not trust with a bare "Invalid
 * origin". Say which origin was refused and what to do about it, so a person who opened the app at
 * an address nobody configured is not left with "Forbidden" (docs/decisions/0010-origins.md).
 */
async function explainRefusedOrigin(response: Response, request: FastifyRequest, publicUrl: string): Promise<void> {
  const body: unknown = await response.json().catch(() => null);
  if (typeof body !== 'object' || body === null || !('code' in body) || body.code !== 'INVALID_ORIGIN') return;
  const origin = request.headers.origin ?? 'this address';
  throw new AppError(
    'FORBIDDEN',
    `This server does not accept sign-ins from ${origin}. Open the app at ${publicUrl}, or add ${origin} to TRUSTED_ORIGINS and restart the server.`,
  );
}
