import { can, type Permission, type Role, ROUTE_PERMISSIONS } from '@receivables/contracts';

import type { IntegrationEnv } from '../integration-env';
import { orgTables } from '../organisation-helpers';
import type { ApiAnswer, ApiClient } from '../support';

import { checkAnswer, type Finding, readError, sentValues } from './answer-checks';
import { changedTables, fingerprint, foreignReferences, identifiersOf, type SeededOrganisation } from './organisation-fixture';
import { planRequest, type PlannedRequest } from './request-plan';
import type { CataloguedRoute } from './route-catalogue';
import { timed } from './timed-call';

/**
 * Routes anyone may call (docs/api-conventions.md, Requests): better-auth's own, the docs, health,
 * the instance's mail mode (decision 0026), an invitation's accept page (decision 0025) and the
 * webhooks, which answer to their own signatures (decisions 0021, 0022). Every other /api route
 * must refuse a request without a token: a route added without one fails here until it is named.
 */
const PUBLIC_PREFIXES = ['/api/auth/', '/api/docs'];
const PUBLIC_ROUTES: ReadonlySet<string> = new Set(['GET /api/health', 'GET /api/instance', 'GET /api/invitations/:id', 'POST /api/inbound/email', 'POST /api/stripe/webhook']);

const withoutTrailingSlash = (key: string) => key.replace(/\/+$/, '');
export const isPublic = (route: CataloguedRoute): boolean =>
  PUBLIC_PREFIXES.some((p) => route.url.startsWith(p)) || PUBLIC_ROUTES.has(withoutTrailingSlash(route.key));

const PERMISSION_BY_ROUTE: ReadonlyMap<string, Permission> = new Map(
  Object.entries(ROUTE_PERMISSIONS).map(([key, p]) => [withoutTrailingSlash(key), p]),
);
/** What ROUTE_PERMISSIONS asks of a route; null for a read (any member's, decision 0024). */
export const permissionOf = (route: CataloguedRoute): Permission | null => PERMISSION_BY_ROUTE.get(withoutTrailingSlash(route.key)) ?? null;

/** The routes the suite calls: the API's, each method but the HEAD Fastify adds to every GET (the GET's own handler). */
export function apiRoutes(routes: readonly CataloguedRoute[]): CataloguedRoute[] {
  return routes.filter((r) => r.url.startsWith('/api') && r.method !== 'HEAD' && r.method !== 'OPTIONS');
}

/**
 * The order a caller walks the routes in: reads, then writes, then deletes, and last what ends the
 * caller's membership or the organisation (leaving, deleting it), so no call takes away what a
 * later one needs.
 */
function order(route: CataloguedRoute): number {
  if (route.key === 'POST /api/team/leave' || route.key.startsWith('DELETE /api/organisation')) return 3;
  if (route.method === 'GET') return 0;
  return route.method === 'DELETE' ? 2 : 1;
}

export type CallerName = 'no token' | 'owner of B' | `${Role} of A`;
export const CALLERS: readonly CallerName[] = ['no token', 'owner of B', 'member of A', 'admin of A', 'owner of A'];

export interface MatrixOutcome {
  routes: string[];
  callers: readonly CallerName[];
  requests: number;
  /** Status counts by caller: how deep the calls went (2xx reached a handler and were served). */
  statuses: Record<CallerName, Record<string, number>>;
  findings: Finding[];
  /** `METHOD url :param` called with a random id: no table is known for the parameter. */
  unresolved: string[];
}

/**
 * Call every API route as each caller: nobody, organisation B's owner on A's ids, and A's member,
 * admin and owner, each with requests valid by the route's schema naming A's real records.
 * Collects every finding; the tests assert there are none, each kind on its own.
 */
export async function runMatrix(input: {
  env: IntegrationEnv;
  routes: readonly CataloguedRoute[];
  a: SeededOrganisation;
  b: SeededOrganisation;
  timeoutMs: number;
}): Promise<MatrixOutcome> {
  const { env, a, b, timeoutMs } = input;
  const db = env.db.db;
  const routes = apiRoutes(input.routes).sort((x, y) => order(x) - order(y) || x.key.localeCompare(y.key));
  const plans = routes.map((route) => planRequest(route, a.ids));
  const findings: Finding[] = [];
  const statuses = Object.fromEntries(CALLERS.map((c) => [c, {}])) as Record<CallerName, Record<string, number>>;
  let requests = 0;
  const tables = await orgTables(db);

  const send = async (caller: CallerName, api: ApiClient, plan: PlannedRequest): Promise<ApiAnswer | null> => {
    const request = `${caller}: ${plan.method} ${plan.path}`;
    const headers: Record<string, string> = plan.method === 'GET' ? {} : { 'idempotency-key': crypto.randomUUID() };
    const result = await timed(() => api(plan.method, plan.path, plan.body, headers), timeoutMs);
    requests += 1;
    if (!result.answer) {
      findings.push({ kind: 'hang', request, status: 0, why: result.error });
      return null;
    }
    const answer = result.answer;
    const bucket = `${String(answer.status).slice(0, 1)}xx`;
    statuses[caller][bucket] = (statuses[caller][bucket] ?? 0) + 1;
    const sent = sentValues({ params: [...plan.params, plan.path.split('?', 1)[0] ?? ''], query: plan.query, body: plan.body }, plan.constants);
    findings.push(...checkAnswer(answer, request, sent, { fieldOn400: !plan.route.url.startsWith('/api/auth/') }));
    return answer;
  };
  const fail = (kind: Finding['kind'], caller: CallerName, plan: PlannedRequest, status: number, why: string) =>
    findings.push({ kind, request: `${caller}: ${plan.method} ${plan.path}`, status, why });

  // Nobody: every route but the public ones is a 401.
  const anonymous = env.anonymous();
  for (const plan of plans) {
    const answer = await send('no token', anonymous, plan);
    if (!answer || isPublic(plan.route)) continue;
    const error = readError(answer);
    if (answer.status !== 401 || typeof error === 'string' || error.code !== 'UNAUTHENTICATED') {
      fail('escalation', 'no token', plan, answer.status, `a bearer route answered ${answer.status} without a token, not 401 UNAUTHENTICATED`);
    }
  }

  // Organisation B's owner, with A's ids: never a sign of A's rows, nothing of A changed. The
  // owner, so no 403 stands in for the 404 an id of another organisation must get.
  const secrets = await identifiersOf(db, a);
  const before = await fingerprint(db, a.orgId, tables);
  for (const plan of plans) {
    const answer = await send('owner of B', b.owner.api, plan);
    if (!answer || isPublic(plan.route)) continue;
    const seen = [...secrets].filter((s) => answer.text.includes(s));
    if (seen.length > 0) fail('leak', 'owner of B', plan, answer.status, `the answer names organisation A's ${seen.slice(0, 3).join(', ')}`);
    const namesA = plan.params.some((p) => secrets.has(p));
    if (namesA && answer.status !== 404 && answer.status !== 400) {
      fail('leak', 'owner of B', plan, answer.status, `another organisation's id answered ${answer.status}, not 404: ${answer.text.slice(0, 160)}`);
    }
  }
  for (const table of changedTables(before, await fingerprint(db, a.orgId, tables))) {
    findings.push({ kind: 'leak', request: 'owner of B: all routes', status: 0, why: `organisation A's ${table} changed while B called every route with A's ids` });
  }
  for (const reference of await foreignReferences(db, b.orgId, secrets)) {
    findings.push({ kind: 'leak', request: 'owner of B: all routes', status: 0, why: `B's ${reference} of organisation A` });
  }

  // A's team, lowest role first: each write the table keeps from a role is a 403 that changes
  // nothing, whatever it carried; every other call is not refused for the role.
  for (const role of ['member', 'admin', 'owner'] as const) {
    const caller: CallerName = `${role} of A`;
    const api = a[role].api;
    for (const plan of plans) {
      const permission = isPublic(plan.route) ? null : permissionOf(plan.route);
      const refused = permission !== null && !can(role, permission);
      const ahead = refused ? await fingerprint(db, a.orgId, tables) : null;
      const answer = await send(caller, api, plan);
      if (!answer) continue;
      const error = readError(answer);
      const forbidden = answer.status === 403 && typeof error !== 'string' && error.code === 'FORBIDDEN';
      if (refused && !forbidden) {
        fail('escalation', caller, plan, answer.status, `${permission} is not a ${role}'s, yet the answer was ${answer.status}, not 403 FORBIDDEN`);
      }
      if (refused && ahead) {
        const changed = changedTables(ahead, await fingerprint(db, a.orgId, tables));
        if (changed.length > 0) fail('escalation', caller, plan, answer.status, `a refused write changed ${changed.join(', ')}`);
      }
      if (!refused && forbidden && !isPublic(plan.route)) {
        fail('refused', caller, plan, answer.status, `refused for the role although ${permission ?? 'reading'} is a ${role}'s`);
      }
    }
  }

  // Paths no route has, inside and outside the bearer scope: a 404 in the one shape, in words that
  // do not repeat the path.
  for (const [caller, api] of [['no token', anonymous], ['owner of A', a.owner.api]] as const) {
    for (const path of [`/api/customers/${crypto.randomUUID()}/resilience-unknown`, '/api/resilience-unknown-route']) {
      const route: CataloguedRoute = { method: 'GET', url: path, key: `GET ${path}`, params: null, querystring: null, body: null, hidden: false };
      const plan: PlannedRequest = { route, method: 'GET', path, params: [], query: {}, body: undefined, constants: new Set(), unresolved: [] };
      const answer = await send(caller, api, plan);
      if (answer && answer.status !== 404) fail('off-shape', caller, plan, answer.status, 'a path no route has is not a 404');
    }
  }

  const unresolved = [...new Set(plans.flatMap((p) => p.unresolved.map((param) => `${p.route.key} ${param}`)))];
  return { routes: routes.map((r) => r.key), callers: CALLERS, requests, statuses, findings, unresolved };
}
