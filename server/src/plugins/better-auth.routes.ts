import type { ErrorCode } from '@receivables/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { type Auth, CLIENT_IP_HEADER } from '../auth/create-auth';
import { codeForStatus } from '../errors/error-status';

import { sendError } from './error-handler';
import { defineRoutes } from './route-definition';

/**
 * better-auth at /api/auth/*: sign-up, sign-in, sessions, organisations and the JWTs the API's
 * bearer guard (bearer-guard.ts) verifies. Public: better-auth checks its own cookie.
 */
const betterAuthPlugin: FastifyPluginAsyncZod<{ auth: Auth; publicUrl: string }> = async (scope, deps) => {
  scope.route({
    method: ['GET', 'POST'],
    url: '/*',
    schema: { hide: true },
    // Which of its endpoints a role may reach is decided inside better-auth, on the endpoint its
    // router chose (auth/team-writes.ts), never here on the URL as spelt.
    handler: (request, reply) => forwardToBetterAuth(deps.auth, deps.publicUrl, request, reply),
  });
};

export const betterAuthRoutes = defineRoutes({
  prefix: '/auth',
  public: true,
  needs: ({ auth, config }) => ({ auth, publicUrl: config.publicUrl }),
  plugin: betterAuthPlugin,
});

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
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length' && name !== 'content-type') reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (response.status >= 400) {
    const failure = await authFailure(response, request, publicUrl);
    return sendError(reply.status(response.status), failure.code, failure.message);
  }
  const type = response.headers.get('content-type');
  if (type) reply.header('content-type', type);
  return reply.status(response.status).send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
}

/**
 * better-auth's refusals in the app's one error shape (docs/api-conventions.md), its status kept.
 * An untrusted origin gets a message that says which origin was refused and what to do about it,
 * so a person who opened the app at an address nobody configured is not left with "Forbidden"
 * (docs/decisions/0010-origins.md).
 */
async function authFailure(response: Response, request: FastifyRequest, publicUrl: string): Promise<{ code: ErrorCode; message: string }> {
  const code = codeForStatus(response.status);
  if (response.status >= 500) return { code, message: 'An unexpected error occurred' };
  const body: unknown = await response.json().catch(() => null);
  const said = typeof body === 'object' && body !== null ? (body as { code?: unknown; message?: unknown }) : {};
  if (said.code === 'INVALID_ORIGIN') {
    const origin = originOf(request.headers.origin) ?? 'this address';
    return {
      code,
      message: `This server does not accept sign-ins from ${origin}. Open the app at ${publicUrl}, or add ${origin} to TRUSTED_ORIGINS and restart the server.`,
    };
  }
  return { code, message: typeof said.message === 'string' && said.message ? said.message : 'The request was refused' };
}

/** The origin a header names, normalised; null for anything that is not one (never echoed raw). */
function originOf(header: string | undefined): string | null {
  try {
    return header ? new URL(header).origin : null;
  } catch {
    return null;
  }
}
