import { randomUUID } from 'node:crypto';

import fc from 'fast-check';

import type { ApiClient, ApiHeaders } from '../support';

import { checkAnswer, type Finding, sentValues } from './answer-checks';
import type { SeededOrganisation } from './organisation-fixture';
import { hashSeed, planRequest, schemasOf, withIds } from './request-plan';
import type { CataloguedRoute } from './route-catalogue';
import { apiRoutes } from './route-matrix';
import {
  brokenEscapes, hostileBody, hostileQuery, hostileSegment, hostileValue, type Json, type QueryPart, queryString, validArb, type WireBody,
} from './schema-arbitrary';
import { timed } from './timed-call';

/** One generated request: each path parameter a real id (null) or a hostile segment, a query, a body, an Idempotency-Key. */
interface FuzzCase {
  endpoint: string | null;
  params: (string | null)[];
  query: QueryPart[];
  body: WireBody;
  idempotencyKey: string | null;
}

export interface FuzzFailure {
  route: string;
  /** fast-check's seed for this route's cases, derived from FC_SEED and the route. */
  seed: number;
  request: string;
  findings: Finding[];
}

export interface FuzzOutcome {
  /** Requests sent: each route's edge cases and its generated ones. */
  cases: number;
  routes: number;
  /** Every case that failed, with what was wrong. */
  failures: FuzzFailure[];
}

/**
 * Requests better-auth's endpoints the product leaves open would act on (decision 0025: sign-up,
 * sign-in, sessions, organisations, invitations), to mutate: its mount has no zod schema of ours
 * to start from. POST ones by their body, GET ones by their query.
 */
function authExamples(org: SeededOrganisation): { post: Record<string, Json>; get: Record<string, Record<string, string>> } {
  const invitationId = org.ids.get('auth_invitation') ?? randomUUID();
  return {
    post: {
      'organization/set-active': { organizationId: org.orgId },
      'organization/check-slug': { slug: 'fuzzed-slug' },
      'organization/accept-invitation': { invitationId },
      'organization/reject-invitation': { invitationId },
      'organization/create': { name: 'Fuzzed organisation', slug: `fuzzed-${randomUUID().slice(0, 8)}` },
      'sign-in/email': { email: org.member.email, password: 'not-the-password' },
      'sign-up/email': { email: `fuzzed-${randomUUID().slice(0, 8)}@example.com`, password: 'correct-horse-battery', name: 'Fuzzed' },
      'request-password-reset': { email: org.member.email, redirectTo: '/reset-password' },
      'reset-password': { newPassword: 'correct-horse-battery', token: 'not-a-token' },
    },
    get: {
      'get-session': {},
      token: {},
      'organization/get-full-organization': { organizationId: org.orgId },
      'organization/list-members': { organizationId: org.orgId },
      'organization/get-invitation': { id: invitationId },
      'organization/list': {},
    },
  };
}

/** An example's query with each value kept, made hostile, or broken. */
function hostileExampleQuery(example: Record<string, string>): fc.Arbitrary<QueryPart[]> {
  const parts = Object.entries(example).map(([name, value]) =>
    fc.oneof(
      fc.constant<QueryPart>({ name, value }),
      hostileValue.map((v): QueryPart => ({ name, value: typeof v === 'string' ? v : JSON.stringify(v) })),
      brokenEscapes.map((v): QueryPart => ({ name, value: v, raw: true })),
    ),
  );
  return fc.tuple(...parts);
}

/** A path parameter: the organisation's real id (null), or, twice as often, a hostile segment. */
const paramArb = fc.oneof({ arbitrary: fc.constant(null), weight: 1 }, { arbitrary: hostileSegment, weight: 2 });

const idempotencyKeys: fc.Arbitrary<string | null> = fc.oneof(
  { arbitrary: fc.uuid().map((u) => u as string | null), weight: 4 },
  { arbitrary: fc.constantFrom<string | null>(null, ' ', 'x'.repeat(5_000), 'zqrs-key-\u00e9'), weight: 1 },
);

/** Whether `Object.prototype` gained a key a hostile request carried: a pollution inside this very process. */
const polluted = (): boolean => Object.prototype.hasOwnProperty.call(Object.prototype, 'zqrsPolluted');

/**
 * Requests every route gets before the random ones, so what has failed before is tried on every
 * run, not only when the dice fall that way: a body nested 5,000 deep, with and without an
 * Idempotency-Key (JSON allows any depth, a recursive reader or writer does not), a path
 * parameter that is not percent-encoding, and for better-auth an organisation id that is not a UUID.
 */
function edgeCases(route: CataloguedRoute, paramCount: number): FuzzCase[] {
  const none = { endpoint: null, params: Array.from({ length: paramCount }, () => null), query: [], idempotencyKey: null };
  const deep: WireBody = { kind: 'raw', text: `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`, contentType: 'application/json', label: '5000 nested objects' };
  if (route.url.startsWith('/api/auth/')) {
    if (route.method === 'GET') {
      return [{ ...none, endpoint: 'organization/get-full-organization', query: [{ name: 'organizationId', value: 'zqrs-not-a-uuid' }], body: { kind: 'none' } }];
    }
    return [
      { ...none, endpoint: 'organization/set-active', body: { kind: 'json', value: { organizationId: 'zqrs-not-a-uuid' } } },
      { ...none, endpoint: 'sign-in/email', body: deep },
    ];
  }
  const cases: FuzzCase[] = [];
  // With a key too: a write that may be retried hashes its body for the key (decision 0006).
  if (route.method !== 'GET') cases.push({ ...none, body: deep }, { ...none, body: deep, idempotencyKey: randomUUID() });
  if (paramCount > 0) cases.push({ ...none, params: ['%zz', ...none.params.slice(1)], body: { kind: 'none' } });
  return cases;
}

/**
 * Fuzz every API route's path parameters, query and body from its zod schema: each answer must be
 * a 2xx or a 4xx in the one error shape (a 400 naming its fields), in time, never a 5xx, never
 * repeating what was sent, and nothing in the process polluted. The caller is the owner of `org`
 * (so no role check stands in front of the handler); better-auth's mount is fuzzed from examples
 * of its open endpoints with `session`, a client holding a session cookie. Every case is sent and
 * every failure kept (no stopping at the first, no shrinking): the report counts them all, and
 * FC_SEED gives the same cases again.
 */
export async function fuzzRoutes(input: {
  routes: readonly CataloguedRoute[];
  org: SeededOrganisation;
  session: ApiClient;
  runsPerRoute: number;
  seed: number;
  timeoutMs: number;
}): Promise<FuzzOutcome> {
  const { org, seed, timeoutMs } = input;
  const routes = apiRoutes(input.routes).filter((r) => !r.url.startsWith('/api/docs'));
  const examples = authExamples(org);
  let sent = 0;
  const failures: FuzzFailure[] = [];

  for (const route of routes) {
    const isAuth = route.url.startsWith('/api/auth/');
    const plan = planRequest(route, org.ids);
    const schemas = schemasOf(route);
    const api = isAuth ? input.session : org.owner.api;
    const takesBody = route.method !== 'GET';
    const base = (value: Json) => withIds(value, org.ids, undefined);
    const validBody = isAuth ? null : schemas.body ? validArb(schemas.body).map(base) : null;

    const noCase: FuzzCase = { endpoint: null, params: [], query: [], body: { kind: 'none' }, idempotencyKey: null };
    const authCase: fc.Arbitrary<FuzzCase> = route.method === 'GET'
      ? fc.constantFrom(...Object.keys(examples.get)).chain((endpoint) =>
        hostileExampleQuery(examples.get[endpoint] ?? {}).map((query): FuzzCase => ({ ...noCase, endpoint, query })),
      )
      : fc.constantFrom(...Object.keys(examples.post)).chain((endpoint) =>
        hostileBody(fc.constant(examples.post[endpoint] ?? {})).map((body): FuzzCase => ({ ...noCase, endpoint, body })),
      );
    const apiCase: fc.Arbitrary<FuzzCase> = fc.record({
      endpoint: fc.constant(null),
      params: fc.tuple(...plan.params.map(() => paramArb)),
      query: hostileQuery(schemas.querystring),
      body: !takesBody
        ? fc.constant<WireBody>({ kind: 'none' })
        : validBody
          ? hostileBody(validBody)
          : fc.oneof(fc.constant<WireBody>({ kind: 'none' }), hostileBody(fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>)),
      idempotencyKey: takesBody ? idempotencyKeys : fc.constant(null),
    });

    const send = async (c: FuzzCase): Promise<{ request: string; findings: Finding[] }> => {
      let path: string;
      if (c.endpoint !== null) {
        path = `/api/auth/${c.endpoint}`;
      } else {
        let i = 0;
        path = route.url.replace(/:\w+/g, () => {
          const hostile = c.params[i];
          const real = plan.params[i] ?? randomUUID();
          i += 1;
          return hostile ?? real;
        });
      }
      path += queryString(c.query);
      const headers: ApiHeaders = c.idempotencyKey === null ? {} : { 'idempotency-key': c.idempotencyKey };
      let body: unknown;
      if (c.body.kind === 'json') {
        body = c.body.value;
      } else if (c.body.kind === 'raw') {
        body = c.body.text;
        headers['content-type'] = c.body.contentType;
      } else if (c.body.kind === 'bytes') {
        body = c.body.bytes;
        headers['content-type'] = c.body.contentType;
      }
      const keyed = c.idempotencyKey === null ? '' : ' with an Idempotency-Key';
      const request = `${route.method} ${path.length > 300 ? `${path.slice(0, 300)}…` : path}${describeBody(c.body)}${keyed}`;
      const result = await timed(() => api(route.method, path, body, headers), timeoutMs);
      sent += 1;
      if (!result.answer) return { request, findings: [{ kind: 'hang', request, status: 0, why: result.error }] };
      const query = Object.fromEntries(c.query.map((p) => [p.name, p.value]));
      const params = c.params.filter((p): p is string => p !== null).map(decodeQuietly);
      const values = sentValues({ params, query, body: c.body.kind === 'json' ? c.body.value : undefined }, schemas.constants);
      const findings = checkAnswer(result.answer, request, values, { fieldOn400: !isAuth });
      if (polluted()) findings.push({ kind: 'pollution', request, status: result.answer.status, why: 'Object.prototype gained zqrsPolluted' });
      return { request, findings };
    };

    const routeSeed = hashSeed(route.key, seed);
    const sampled = fc.sample(isAuth ? authCase : apiCase, { seed: routeSeed, numRuns: input.runsPerRoute });
    const cases = [...edgeCases(route, plan.params.length), ...sampled];
    for (const c of cases) {
      const { request, findings } = await send(c);
      if (findings.length > 0) failures.push({ route: route.key, seed: routeSeed, request, findings });
    }
  }
  return { cases: sent, routes: routes.length, failures };
}

function describeBody(body: WireBody): string {
  if (body.kind === 'none') return '';
  if (body.kind === 'json') {
    const text = JSON.stringify(body.value);
    return ` ${text.length > 300 ? `${text.slice(0, 300)}…` : text}`;
  }
  return ` [${body.label}, ${body.contentType}]`;
}

/** A path segment as the server reads it, for the echo check (left as sent when it does not decode). */
function decodeQuietly(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
