import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { Principal, TokenVerifier } from '../auth/token-verifier';
import type { Db } from '../db/client';
import { AppError } from '../errors/app-error';
import type { RequestScope } from '../org/org-scope';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller; null until the bearer guard has run. */
    principal: Principal | null;
    /** The caller's organisation scope: what every use case takes. Only inside the guarded scope. */
    readonly org: RequestScope;
  }
}

/**
 * Require a valid bearer token on every route registered in `scope` (and its children), and give
 * each request `request.principal` and `request.org`. Authentication is decided by a route
 * module's definition (route-definition.ts mounts every non-public one in the guarded scope), not
 * by each handler remembering to ask (docs/architecture.md).
 */
export function registerBearerGuard(scope: FastifyInstance, deps: { db: Db; verifyToken: TokenVerifier }): void {
  scope.decorateRequest('principal', null);
  scope.decorateRequest('org', {
    getter(this: FastifyRequest): RequestScope {
      // Only reachable if a route outside the guarded scope asks for it: a wiring bug.
      if (!this.principal) throw new AppError('UNAUTHENTICATED', 'A bearer token is required');
      return { db: deps.db, orgId: this.principal.orgId, actorId: this.principal.userId, role: this.principal.role };
    },
  });
  scope.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    if (!match?.[1]) throw new AppError('UNAUTHENTICATED', 'A bearer token is required');
    request.principal = await deps.verifyToken(match[1]);
  });
}
