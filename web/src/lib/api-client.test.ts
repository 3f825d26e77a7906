import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { server } from '../test/msw-server';

import { createApiClient, RequestError } from './api-client';

const MINUTE = 60_000;

function jwt(expSeconds: number, marker = 'a'): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'EdDSA' })}.${encode({ exp: expSeconds, sub: marker })}.sig-${marker}`;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A request as the fake server saw it. */
interface Seen {
  /** Path and query. */
  url: string;
  method: string;
  credentials: RequestCredentials;
  authorization: string | null;
  contentType: string | null;
  body: string;
}

/**
 * A fake server on the network (MSW): the token endpoint hands out the queued tokens, then fails
 * as a signed-out session does; every other /api request answers with `api`.
 */
function fakeServer(tokens: string[], api: (request: Seen) => Response | Promise<Response>) {
  const calls: Seen[] = [];
  const see = async (request: Request) => {
    const url = new URL(request.url);
    const seen: Seen = {
      url: `${url.pathname}${url.search}`,
      method: request.method,
      credentials: request.credentials,
      authorization: request.headers.get('authorization'),
      contentType: request.headers.get('content-type'),
      body: await request.text(),
    };
    calls.push(seen);
    return seen;
  };
  server.use(
    http.get('/api/auth/token', async ({ request }) => {
      await see(request);
      const token = tokens.shift();
      return token ? json(200, { token }) : json(401, { message: 'No session' });
    }),
    http.all('/api/*', async ({ request }) => api(await see(request))),
  );
  const tokenCalls = () => calls.filter((c) => c.url === '/api/auth/token').length;
  return { calls, tokenCalls };
}

describe('api client', () => {
  it('sends a bearer token on /api calls and caches it', async () => {
    let clock = Date.UTC(2026, 0, 1);
    const token = jwt(clock / 1000 + 15 * 60);
    const server = fakeServer([token], () => json(200, { rows: [], total: 0 }));
    const client = createApiClient({ now: () => clock });

    await expect(client.get('/api/customers/', { query: { limit: 5, q: undefined } })).resolves.toEqual({ rows: [], total: 0 });
    clock += 5 * MINUTE;
    await client.get('/api/customers/');

    const apiCalls = server.calls.filter((c) => c.url.startsWith('/api/customers'));
    expect(apiCalls[0]?.url).toBe('/api/customers/?limit=5');
    for (const call of apiCalls) expect(call.authorization).toBe(`Bearer ${token}`);
    expect(server.tokenCalls()).toBe(1);
    expect(server.calls[0]?.credentials).toBe('include');
  });

  it('answers a raw response for non-JSON bodies, with the token, and still parses errors', async () => {
    const token = jwt(Date.now() / 1000 + 15 * 60);
    const server = fakeServer([token], ({ url }) =>
      url.includes('broken')
        ? json(422, { error: { code: 'VALIDATION_FAILED', message: 'Bad filter.' } })
        : new Response('\uFEFFname\r\n', { status: 200, headers: { 'content-type': 'text/csv' } }),
    );
    const client = createApiClient();

    const response = await client.fetchRaw('/api/customers/export.csv', { query: { q: 'acme' } });
    // Unread, so the BOM is still there (text() would strip it).
    expect([...new Uint8Array(await response.arrayBuffer())].slice(0, 3)).toEqual([0xef, 0xbb, 0xbf]);
    const call = server.calls.find((c) => c.url.startsWith('/api/customers'));
    expect(call?.url).toBe('/api/customers/export.csv?q=acme');
    expect(call?.authorization).toBe(`Bearer ${token}`);
    await expect(client.fetchRaw('/api/customers/broken')).rejects.toMatchObject({ status: 422, message: 'Bad filter.' });
  });

  it('refreshes about a minute before the token expires', async () => {
    let clock = Date.UTC(2026, 0, 1);
    const exp = clock / 1000 + 15 * 60;
    const server = fakeServer([jwt(exp, 'a'), jwt(exp + 900, 'b')], () => json(200, {}));
    const client = createApiClient({ now: () => clock });

    await client.get('/api/tags');
    clock += 13 * MINUTE + 50_000; // 70 s left: still fine
    await client.get('/api/tags');
    expect(server.tokenCalls()).toBe(1);
    clock += 20_000; // 50 s left: refresh
    await client.get('/api/tags');
    expect(server.tokenCalls()).toBe(2);
  });

  it('keeps one token refresh in flight for concurrent calls', async () => {
    const server = fakeServer([jwt(Date.now() / 1000 + 900)], () => json(200, {}));
    const client = createApiClient();
    await Promise.all([client.get('/api/a'), client.get('/api/b'), client.get('/api/c')]);
    expect(server.tokenCalls()).toBe(1);
  });

  it('on a 401 refreshes the token once and retries', async () => {
    const exp = Date.now() / 1000 + 900;
    const fresh = jwt(exp, 'fresh');
    const server = fakeServer([jwt(exp, 'stale'), fresh], ({ authorization }) =>
      authorization === `Bearer ${fresh}` ? json(200, { ok: true }) : json(401, { error: { code: 'UNAUTHENTICATED', message: 'Bad token' } }),
    );
    const client = createApiClient();
    await expect(client.get('/api/customers/')).resolves.toEqual({ ok: true });
    expect(server.tokenCalls()).toBe(2);
  });

  it('gives up after one retry when the API keeps answering 401', async () => {
    const exp = Date.now() / 1000 + 900;
    const server = fakeServer([jwt(exp, 'a'), jwt(exp, 'b'), jwt(exp, 'c')], () =>
      json(401, { error: { code: 'UNAUTHENTICATED', message: 'Bad token' } }),
    );
    const client = createApiClient();
    const error = await client.get('/api/customers/').catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'http', status: 401, code: 'UNAUTHENTICATED', message: 'Bad token' });
    expect(server.calls.filter((c) => c.url === '/api/customers/')).toHaveLength(2);
  });

  it('does not send a bearer token to better-auth endpoints', async () => {
    const server = fakeServer([], () => json(200, {}));
    const client = createApiClient();
    await client.get('/api/auth/get-session');
    expect(server.tokenCalls()).toBe(0);
    expect(server.calls[0]?.url).toBe('/api/auth/get-session');
    expect(server.calls[0]?.authorization).toBeNull();
  });

  it('sends JSON bodies', async () => {
    const server = fakeServer([jwt(Date.now() / 1000 + 900)], () => new Response(null, { status: 204 }));
    const client = createApiClient();
    await expect(client.request('/api/tags', { method: 'PUT', body: { name: 'vip' } })).resolves.toBeUndefined();
    const call = server.calls.find((c) => c.url === '/api/tags');
    expect(call?.method).toBe('PUT');
    expect(call?.body).toBe('{"name":"vip"}');
    expect(call?.contentType).toBe('application/json');
  });

  it('sends a raw body as it is, with the caller\'s content type', async () => {
    const server = fakeServer([jwt(Date.now() / 1000 + 900)], () => json(201, { id: 'x' }));
    const client = createApiClient();
    const file = new Blob(['a,b\n1,2\n'], { type: 'text/csv' });
    await client.request('/api/imports/', { method: 'POST', rawBody: file, headers: { 'content-type': 'text/csv' } });
    const call = server.calls.find((c) => c.url === '/api/imports/');
    expect(call?.body).toBe('a,b\n1,2\n');
    expect(call?.contentType).toBe('text/csv');
  });

  it('parses the contract error body', async () => {
    const body = { error: { code: 'VALIDATION_FAILED', message: 'Bad filter', details: [{ field: 'filter_str', reason: 'is not valid JSON' }] } };
    fakeServer([jwt(Date.now() / 1000 + 900)], () => json(400, body));
    const error = await createApiClient().get('/api/customers/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({ kind: 'http', status: 400, code: 'VALIDATION_FAILED', message: 'Bad filter', details: body.error.details });
  });

  it('falls back when the error body is not in the contract shape', async () => {
    fakeServer([jwt(Date.now() / 1000 + 900)], () => new Response('<h1>Bad gateway</h1>', { status: 502 }));
    const error = await createApiClient().get('/api/customers/').catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'http', status: 502, code: 'INTERNAL', details: [] });
    expect((error as Error).message).toMatch(/502/);
  });

  it('reports a network failure', async () => {
    fakeServer([jwt(Date.now() / 1000 + 900)], () => HttpResponse.error());
    const error = await createApiClient().get('/api/customers/').catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'network', status: 0 });
  });

  it('reports a timeout when asked for one', async () => {
    fakeServer([jwt(Date.now() / 1000 + 900)], async () => {
      await delay('infinite');
      return json(200, {});
    });
    const error = await createApiClient().get('/api/slow', { timeoutMs: 20 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'timeout' });
  });

  it('reports an abort by the caller', async () => {
    const controller = new AbortController();
    controller.abort();
    fakeServer([jwt(Date.now() / 1000 + 900)], () => json(200, {}));
    const error = await createApiClient()
      .get('/api/customers/', { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'abort' });
  });

  it('refetches the token after clearToken (organisation switch)', async () => {
    const exp = Date.now() / 1000 + 900;
    const server = fakeServer([jwt(exp, 'org-a'), jwt(exp, 'org-b')], () => json(200, {}));
    const client = createApiClient();
    await client.get('/api/tags');
    client.clearToken();
    await client.get('/api/tags');
    const auths = server.calls.filter((c) => c.url === '/api/tags').map((c) => c.authorization);
    expect(auths[0]).not.toBe(auths[1]);
  });

  it('turns a failed token request into an http RequestError', async () => {
    fakeServer([], () => json(200, {}));
    const error = await createApiClient().get('/api/customers/').catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'http', status: 401, code: 'UNAUTHENTICATED', message: 'No session' });
  });
});
