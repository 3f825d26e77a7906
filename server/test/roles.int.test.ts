import { randomUUID } from 'node:crypto';

import { can, PERMISSIONS, type Permission, type Role, ROLES, ROUTE_PERMISSIONS } from '@receivables/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { authMember } from '../src/db/schema';

import { useIntegrationEnv } from './integration-env';
import { expectError, joinWithRole, okBody, type SignedUpUser } from './support';

const env = useIntegrationEnv();

/** Writes that answer to their own signature rather than a person's token (decisions 0021, 0022). */
const PUBLIC_WRITES: ReadonlySet<string> = new Set(['POST /api/inbound/email', 'POST /api/stripe/webhook']);

/** Every write route the router documents, as ROUTE_PERMISSIONS names it (`:id` for `{id}`). */
async function writeRoutes(): Promise<string[]> {
  const doc = okBody(await env.anonymous()<{ paths: Record<string, Record<string, unknown>> }>('GET', '/api/docs/json'));
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.keys(operations)
      .filter((method) => !['get', 'head', 'options'].includes(method))
      .map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
  );
}

/** A team of three in one organisation: its owner, an admin and a member. */
async function team(): Promise<Record<Role, SignedUpUser>> {
  const owner = await env.signUp();
  return {
    owner,
    admin: await joinWithRole(env.server, env.db.db, owner.orgId, 'admin'),
    member: await joinWithRole(env.server, env.db.db, owner.orgId, 'member'),
  };
}

describe('roles (decision 0024)', () => {
  it('every write route is in the permissions table, and the table names no route the router lacks', async () => {
    const guarded = (await writeRoutes()).filter((route) => !PUBLIC_WRITES.has(route)).sort();
    expect(guarded).toEqual(Object.keys(ROUTE_PERMISSIONS).sort());
  });

  it('answers each write route with 403 naming the role needed for each role below it, and lets the others through', async () => {
    const people = await team();
    const refusals: string[] = [];
    const allowed: string[] = [];
    // Leaving ends the membership the rest of the matrix needs: it goes last.
    const last = (route: string) => (route === 'POST /api/team/leave' ? 1 : 0);
    const routes = Object.entries<Permission>(ROUTE_PERMISSIONS).sort(([a], [b]) => last(a) - last(b));
    for (const [route, permission] of routes) {
      const [method = '', pattern = ''] = route.split(' ');
      const path = pattern.replace(/:\w+/g, randomUUID());
      for (const role of ROLES) {
        const res = await people[role].api(method, path, {}, { 'idempotency-key': randomUUID() });
        if (can(role, permission)) {
          expect(res.status, `${role} ${route}: ${res.text}`).not.toBe(403);
          allowed.push(`${role} ${route}`);
        } else {
          expectError(res, 403, 'FORBIDDEN', 'role');
          const needed = PERMISSIONS[permission];
          expect((res.body as { error: { message: string } }).error.message).toMatch(new RegExp(`needs an? ${needed} .*; you are an? ${role}$`));
          refusals.push(`${role} ${route}`);
        }
      }
    }
    // The matrix is not empty either way: members are refused the admin's writes, owners refused nothing.
    expect(refusals.some((r) => r.startsWith('member POST /api/workflows/'))).toBe(true);
    expect(refusals.some((r) => r.startsWith('owner '))).toBe(false);
    expect(allowed.some((r) => r === 'member POST /api/customers/:id/pause')).toBe(true);
  }, 120_000);

  it('reads the role on every request: demoting an admin takes effect on their very next write, with the same token', async () => {
    const people = await team();
    const path = '/api/settings/chasing';
    const before = await people.admin.api('PUT', path, {});
    expect(before.status).not.toBe(403);
    await env.db.db.update(authMember).set({ role: 'member' }).where(and(eq(authMember.userId, people.admin.userId), eq(authMember.organizationId, people.owner.orgId)));
    expectError(await people.admin.api('PUT', path, {}), 403, 'FORBIDDEN', 'role');
    // Reads stay open to every member.
    expect((await people.admin.api('GET', '/api/settings/chasing')).status).toBe(200);
  });
});
