import { can, PERMISSIONS, type Permission, roleRefusal, ROUTE_PERMISSIONS } from '@receivables/contracts';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';

import { AppError } from '../errors/app-error';

const READS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A route as ROUTE_PERMISSIONS names it; a trailing slash is not a different route (ignoreTrailingSlash). */
const routeKey = (method: string, url: string): string => `${method} ${url.replace(/\/+$/, '')}`;

const NEEDS: ReadonlyMap<string, Permission> = new Map(Object.entries(ROUTE_PERMISSIONS).map(([key, permission]) => {
  const [method = '', url = ''] = key.split(' ');
  return [routeKey(method, url), permission];
}));

/**
 * Roles on every write (decision 0024): each write route registered in `scope` gets a check of the
 * caller's role against ROUTE_PERMISSIONS (contracts), before its body is read, so a role too low
 * is a 403 naming the role needed whatever it sent. A write route missing from the table stops
 * the app from starting: a new route cannot be left open by forgetting it. Reads are any member's.
 */
export function registerRoleGuard(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (READS.has(method)) continue;
      const permission = NEEDS.get(routeKey(method, route.url));
      if (!permission) {
        throw new Error(`${method} ${route.url} has no permission: add it to ROUTE_PERMISSIONS (packages/contracts/src/team/permissions.ts)`);
      }
      // First of the route's own hooks, after the bearer guard's: before any body is read or checked.
      const existing = route.onRequest;
      const guard = requireRole(permission);
      route.onRequest = existing ? [guard, ...(Array.isArray(existing) ? existing : [existing])] : [guard];
    }
  });
}

function requireRole(permission: Permission): onRequestHookHandler {
  return (request, _reply, done) => {
    const role = request.principal?.role;
    if (!role) return done(new AppError('UNAUTHENTICATED', 'A bearer token is required'));
    if (can(role, permission)) return done();
    const needed = PERMISSIONS[permission];
    return done(new AppError('FORBIDDEN', roleRefusal(needed, role), [{ field: 'role', reason: `needs ${needed}` }]));
  };
}
