import { errorBodySchema } from '@receivables/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { useIntegrationEnv } from './integration-env';
import { type ApiAnswer, type ApiHeaders, type SignedUpUser } from './support';

/**
 * Hostile input over every route that takes input, enumerated from the router (the OpenAPI
 * document the routes generate), so a new route is covered the day it is added. Each answer must
 * be a 4xx in the one JSON error shape, never a 5xx, must not echo the request, and the database
 * must be unchanged afterwards (issue: fit and finish, point 2 and 4).
 */
const env = useIntegrationEnv();
let user: SignedUpUser;

/** Text the probes carry, so an answer that echoes the request is caught. */
const MARKER = 'zq-hostile-marker';

interface FieldSchema {
  type?: string;
  format?: string;
  anyOf?: FieldSchema[];
}

/** `date` or `date-time` for a date field (nullable ones hide it in anyOf). */
const dateFormat = (schema: FieldSchema): string | undefined => schema.format ?? schema.anyOf?.map(dateFormat).find(Boolean);

interface Operation {
  method: string;
  path: string;
  query: { name: string; type: string | undefined }[];
  body: Record<string, FieldSchema> | null;
}

interface OpenApi {
  paths: Record<string, Record<string, {
    parameters?: { in: string; name: string; schema?: { type?: string } }[];
    requestBody?: { content?: Record<string, { schema?: { properties?: Operation['body'] } }> };
  }>>;
}

let operations: Operation[] = [];

beforeAll(async () => {
  user = await env.signUp();
  const doc = (await user.api<OpenApi>('GET', '/api/docs/json')).body;
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path: path.replaceAll(/\{[^}]+\}/g, crypto.randomUUID()),
      query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => ({ name: p.name, type: p.schema?.type })),
      body: op.requestBody?.content?.['application/json']?.schema?.properties ?? null,
    })),
  );
});

/**
 * A request as written, as the user. The paths hold only percent-escapes (however broken), which
 * fetch passes through untouched, and the bodies are ASCII text or bytes, sent byte for byte.
 */
function raw(method: string, path: string, options: { headers?: ApiHeaders; body?: Buffer | string } = {}): Promise<ApiAnswer> {
  return user.api(method, path, options.body, options.headers);
}

function expectRefused(answer: ApiAnswer, what: string): void {
  expect(answer.status, `${what}: ${answer.text}`).toBeGreaterThanOrEqual(400);
  expect(answer.status, `${what}: ${answer.text}`).toBeLessThan(500);
  expect(answer.headers.get('content-type'), what).toMatch(/^application\/json/);
  expect(errorBodySchema.safeParse(JSON.parse(answer.text)).success, `${what}: ${answer.text}`).toBe(true);
  expect(answer.text, `${what} echoes the request`).not.toContain(MARKER);
}

/** Row counts of every business table: hostile requests must leave them as they were. */
async function tableCounts(): Promise<Record<string, number>> {
  const tables = await env.db.db.execute<{ relname: string }>(sql`
    select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r' and c.relname not like '\\_\\_%' order by 1`);
  const counts: Record<string, number> = {};
  for (const { relname } of tables.rows) {
    const result = await env.db.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from "${relname}"`));
    counts[relname] = result.rows[0]?.n ?? 0;
  }
  return counts;
}

/** The refusal names `field` (or something inside it) among its details. */
function expectNames(answer: ApiAnswer, field: string, what: string): void {
  const details = errorBodySchema.parse(JSON.parse(answer.text)).error.details ?? [];
  expect(details.map((d) => d.field).some((f) => f === field || f.startsWith(`${field}.`) || f.startsWith(`${field}[`)), `${what} does not name ${field}: ${answer.text}`).toBe(true);
}

/** Values no field may take: [what, JSON text, only for fields of this format]. */
const hostileValues: [string, string, string | null][] = [
  ['a NUL character', JSON.stringify(`${MARKER}\u0000`), null],
  ['a lone surrogate', `"${MARKER}\\ud800"`, null],
  ['year 0', '"0000-01-01"', 'date'],
  ['year 10000', '"10000-01-01"', 'date'],
  ['a year-0 instant', '"0000-01-01T00:00:00Z"', 'date-time'],
  ['a year-10000 instant', '"+010000-01-01T00:00:00Z"', 'date-time'],
];

describe('hostile input on every route', () => {
  it('the router has the routes we expect to probe', () => {
    const withBody = operations.filter((op) => op.body);
    const withQuery = operations.filter((op) => op.query.length > 0);
    expect(withBody.length).toBeGreaterThanOrEqual(10);
    expect(withQuery.length).toBeGreaterThanOrEqual(5);
  });

  it('strings with NUL or lone surrogates, and dates out of range, in any JSON field: 4xx, no change', async () => {
    const before = await tableCounts();
    for (const op of operations.filter((o) => o.body && o.method !== 'GET')) {
      for (const [field, schema] of Object.entries(op.body ?? {})) {
        for (const [name, value, format] of hostileValues) {
          if (format && dateFormat(schema) !== format) continue;
          // One hostile field at a time, so the refusal must be about that field.
          const what = `${op.method} ${op.path} with ${name} in ${field}`;
          const answer = await raw(op.method, op.path, { headers: { 'content-type': 'application/json' }, body: `{${JSON.stringify(field)}:${value}}` });
          expectRefused(answer, what);
          expectNames(answer, field, what);
        }
      }
    }
    expect(await tableCounts()).toEqual(before);
  });

  it('NUL, lone surrogates and year-0 dates in any query parameter: 4xx', async () => {
    for (const op of operations.filter((o) => o.query.length > 0)) {
      for (const value of [`${MARKER}%00`, `${MARKER}%ED%A0%80`, '0000-01-01', '[{"field":"due_date","operator":"gt","value":"0000-01-01"}]']) {
        const query = op.query.map((q) => `${q.name}=${encodeURIComponent(value).replaceAll('%2500', '%00').replaceAll('%25ED%25A0%2580', '%ED%A0%80')}`).join('&');
        const answer = await raw(op.method, `${op.path}?${query}`);
        expectRefused(answer, `${op.method} ${op.path}?${query}`);
      }
      for (const q of op.query.filter((p) => p.type === 'string')) {
        // One hostile parameter at a time: the refusal must name it.
        const what = `${op.method} ${op.path}?${q.name}=NUL`;
        const answer = await raw(op.method, `${op.path}?${q.name}=${MARKER}%00`);
        expectRefused(answer, what);
        expectNames(answer, q.name, what);
      }
    }
  });

  it('a filter with a NUL, a lone surrogate or a year-0 or year-10000 date: 4xx naming filter_str', async () => {
    const filters = [
      '[{"field":"name","operator":"contains","value":"a\\u0000b"}]',
      '[{"field":"name","operator":"contains","value":"a\\ud800b"}]',
      '[{"field":"due_date","operator":"lt","value":"0000-01-01"}]',
      '[{"field":"due_date","operator":"gt","value":"10000-01-01"}]',
      '[{"field":"last_chase_at","operator":"gt","value":"0000-01-01T00:00:00Z"}]',
    ];
    const withFilter = operations.filter((o) => o.query.some((q) => q.name === 'filter_str'));
    expect(withFilter.length).toBeGreaterThanOrEqual(2);
    for (const op of withFilter) {
      for (const filter of filters) {
        const what = `${op.method} ${op.path} filter ${filter}`;
        const answer = await raw(op.method, `${op.path}?filter_str=${encodeURIComponent(filter)}`);
        expectRefused(answer, what);
        expectNames(answer, 'filter_str', what);
      }
    }
  });

  it('invalid UTF-8, malformed JSON, the wrong content type and an oversized body: 4xx, no change', async () => {
    const before = await tableCounts();
    for (const op of operations.filter((o) => o.body && o.method !== 'GET')) {
      const json = { 'content-type': 'application/json' };
      const invalidUtf8 = Buffer.concat([Buffer.from(`{"${Object.keys(op.body ?? {})[0] ?? 'name'}":"${MARKER}`), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]);
      expectRefused(await raw(op.method, op.path, { headers: json, body: invalidUtf8 }), `${op.method} ${op.path} invalid UTF-8`);
      expectRefused(await raw(op.method, op.path, { headers: json, body: `{"${MARKER}":` }), `${op.method} ${op.path} malformed JSON`);
      expectRefused(await raw(op.method, op.path, { headers: { 'content-type': 'text/x-hostile' }, body: MARKER }), `${op.method} ${op.path} wrong type`);
      const big = `{"name":"${MARKER}${'x'.repeat(2_000_000)}"}`;
      expectRefused(await raw(op.method, op.path, { headers: json, body: big }), `${op.method} ${op.path} oversized`);
    }
    expect(await tableCounts()).toEqual(before);
  });

  it('bad percent-encoding, an over-long URL and over-long headers: 4xx in the JSON shape, nothing echoed', async () => {
    expectRefused(await raw('GET', `/api/customers/${MARKER}%E0%A4%A`), 'bad percent-encoding in the path');
    expectRefused(await raw('GET', `/api/customers/?q=${MARKER}%E0%A4%A`), 'bad percent-encoding in the query');
    expectRefused(await raw('GET', `/api/customers/?q=${MARKER}${'a'.repeat(70_000)}`), 'over-long URL');
    expectRefused(await raw('GET', '/api/customers/', { headers: { 'x-hostile': `${MARKER}${'a'.repeat(70_000)}` } }), 'over-long header');
    expectRefused(await raw('GET', `/api/customers/${'a'.repeat(5000)}${MARKER}`), 'over-long path parameter');
  });

  it('better-auth’s own refusals come in the same shape', async () => {
    const origin = { origin: env.server.origin, 'content-type': 'application/json' };
    expectRefused(await raw('POST', '/api/auth/sign-in/email', { headers: origin, body: `{"email":"${MARKER}@example.com","password":"wrong-password"}` }), 'wrong password');
    expectRefused(await raw('POST', '/api/auth/sign-in/email', { headers: origin, body: `{"${MARKER}":` }), 'malformed JSON to auth');
    expectRefused(await raw('POST', '/api/auth/sign-up/email', { headers: origin, body: '{"email":"x@example.com","password":"short","name":"X"}' }), 'short password');
  });
});
