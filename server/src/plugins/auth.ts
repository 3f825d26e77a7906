import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { type Auth, CLIENT_IP_HEADER } from '../auth/create-auth';
import { AppError } from '../errors/app-error';

/**
 * Mount better-auth at /api/auth/*: sign-up, sign-in, sessions, organisations and the JWTs the
 * API's bearer guard (bearer-guard.ts) verifies.
 */
export function registerAuth(app: FastifyInstance, deps: { auth: Auth; publicUrl: string }): void {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    handler: (request, reply) => forwardToBetterAuth(deps.auth, deps.publicUrl, request, reply),
  });
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
