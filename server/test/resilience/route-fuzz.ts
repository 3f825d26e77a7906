import { randomUUID } from 'node:crypto';

import fc from 'fast-check';

import type { ApiClient, ApiHeaders } from '../support';

import { checkAnswer, type Finding, sentValues } from './answer-checks';
import type { SeededOrganisation } from './organisation-fixture';
import { hashSeed, planRequest, schemasOf, withIds } from './request-plan';
import type { CataloguedRoute } from './route-catalogue';
import { apiRoutes } from './route-matrix';
import { hostileBody, hostileQuery, hostileSegment, type Json, type QueryPart, queryString, validArb, type WireBody } from './schema-arbitrary';
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
  /** fast-check's seed for this route; FC_SEED with the run's base seed replays it. */
  seed: number;
  request: string;
  findings: Finding[];
}

export interface FuzzOutcome {
  /** Cases generated and sent (shrinking a failure sends more, counted in `requests`). */
  cases: number;
  requests: number;
  routes: number;
  failures: FuzzFailure[];
}

/**
 * Bodies better-auth's endpoints the product leaves open would act on (decision 0025: sign-up,
 * sign-in, organisations, invitations), to mutate: its mount has no zod schema of ours to start from.
 */
function authExamples(org: SeededOrganisation): Record<string, Json> {
  const invitationId = org.ids.get('auth_invitation') ?? randomUUID();
  return {
    'organization/set-active': { organizationId: org.orgId },
    'organization/check-slug': { slug: 'fuzzed-slug' },
    'organization/accept-invitation': { invitationId },
    'organization/reject-invitation': { invitationId },
    'organization/create': { name: 'Fuzzed organisation', slug: `fuzzed-${randomUUID().slice(0, 8)}` },
    'sign-in/email': { email: org.member.email, password: 'not-the-password' },
    'sign-up/email': { email: `fuzzed-${randomUUID().slice(0, 8)}@example.com`, password: 'correct-horse-battery', name: 'Fuzzed' },
    'request-password-reset': { email: org.member.email, redirectTo: '/reset-password' },
    'reset-password': { newPassword: 'correct-horse-battery', token: 'not-a-token' },
  };
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
 * Fuzz every API route's path parameters, query and body from its zod schema: each answer must be
 * a 2xx or a 4xx in the one error shape (a 400 naming its fields), in time, never a 5xx, never
 * repeating what was sent, and nothing in the process polluted. The caller is the owner of `org`
 * (so no role check stands in front of the handler); better-auth's mount is fuzzed from examples
 * of its open endpoints with `session`, a client holding a session cookie.
 */
export async function fuzzRoutes(input: {
  routes: readonly CataloguedRoute[];
  org: SeededOrganisation;
  session: ApiClient;
  runsPerRoute: number;
  seed: number;
  timeoutMs: number;
  /** Stop each route's run at its first failure (the fast subset) rather than shrink it. */
  endOnFailure: boolean;
}): Promise<FuzzOutcome> {
  const { org, seed, timeoutMs } = input;
  const routes = apiRoutes(input.routes).filter((r) => !r.url.startsWith('/api/docs'));
  const examples = authExamples(org);
  let requests = 0;
  let cases = 0;
  const failures: FuzzFailure[] = [];

  for (const route of routes) {
    const isAuth = route.url.startsWith('/api/auth/');
    const plan = planRequest(route, org.ids);
    const schemas = schemasOf(route);
    const api = isAuth ? input.session : org.owner.api;
    const takesBody = route.method !== 'GET';
    const base = (value: Json) => withIds(value, org.ids, undefined);
    const validBody = isAuth ? null : schemas.body ? validArb(schemas.body).map(base) : null;

    const arbitrary: fc.Arbitrary<FuzzCase> = isAuth
      ? fc.constantFrom(...Object.keys(examples)).chain((endpoint) =>
        fc.record({
          endpoint: fc.constant(endpoint),
          params: fc.constant([]),
          query: fc.constant([]),
          body: route.method === 'POST' ? hostileBody(fc.constant(examples[endpoint] ?? {})) : fc.constant<WireBody>({ kind: 'none' }),
          idempotencyKey: fc.constant(null),
        }),
      )
      : fc.record({
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
      if (c.body.kind === 'json') body = c.body.value;
      else if (c.body.kind === 'raw') {
        body = c.body.text;
        headers['content-type'] = c.body.contentType;
      } else if (c.body.kind === 'bytes') {
        body = c.body.bytes;
        headers['content-type'] = c.body.contentType;
      }
      const request = `${route.method} ${path.length > 300 ? `${path.slice(0, 300)}…` : path}${describeBody(c.body)}`;
      const result = await timed(() => api(route.method, path, body, headers), timeoutMs);
      requests += 1;
      if (!result.answer) return { request, findings: [{ kind: 'hang', request, status: 0, why: result.error }] };
      const query = Object.fromEntries(c.query.map((p) => [p.name, p.value]));
      const sent = sentValues({ params: c.params.filter((p): p is string => p !== null).map(decodeQuietly), query, body: c.body.kind === 'json' ? c.body.value : undefined }, schemas.constants);
      const findings = checkAnswer(result.answer, request, sent, { fieldOn400: !isAuth });
      if (polluted()) findings.push({ kind: 'pollution', request, status: result.answer.status, why: 'Object.prototype gained zqrsPolluted' });
      return { request, findings };
    };

    const routeSeed = hashSeed(route.key, seed);
    const details = await fc.check(
      fc.asyncProperty(arbitrary, async (c) => (await send(c)).findings.length === 0),
      { numRuns: input.runsPerRoute, seed: routeSeed, endOnFailure: input.endOnFailure, interruptAfterTimeLimit: 120_000 },
    );
    cases += details.numRuns;
    if (details.failed && details.counterexample) {
      const again = await send(details.counterexample[0]);
      failures.push({ route: route.key, seed: routeSeed, request: again.request, findings: again.findings });
    }
  }
  return { cases, requests, routes: routes.length, failures };
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
