import type { AuthTokenResponse } from '@receivables/contracts';

/**
 * The one way server tests reach the API (docs/testing.md): real HTTP to a listening server,
 * as the web app and integrators do, never `app.inject`, so the socket, the body limits, the
 * compression and the headers on the wire are the ones under test.
 */

/** Where requests go: a test server (`TestServer` fits) or any URL and the Origin it trusts. */
export interface ApiTarget {
  baseUrl: string;
  /** Sent as `Origin` on every request, as a browser on the app's page would. */
  origin: string;
}

/** Request headers, lower-case names; one given here replaces the client's own. */
export type ApiHeaders = Record<string, string>;

/** An answer read whole. */
export interface ApiAnswer<T = unknown> {
  /** e.g. `POST /api/customers/`, for assertion messages. */
  request: string;
  status: number;
  headers: Headers;
  /**
   * The body parsed when the answer says it is JSON, else null. Typed as the contract type the
   * caller names; tests parse with the contract's schema where the shape itself is under test.
   */
  body: T;
  /** The body as UTF-8 text exactly as sent: a CSV download keeps its byte-order mark. */
  text: string;
  bytes: Uint8Array;
}

export interface ApiClient {
  /**
   * One request, answered whole. A `body` of text, bytes or a stream goes exactly as given (name
   * its content type in `headers`); anything else goes as JSON.
   */
  <T = unknown>(method: string, path: string, body?: unknown, headers?: ApiHeaders): Promise<ApiAnswer<T>>;
  /** The same request with the answer left unread, for a download read as it streams. */
  stream(method: string, path: string, body?: unknown, headers?: ApiHeaders): Promise<Response>;
  /** The same caller (the same cookies) with another bearer token, or with none. */
  withToken(token: string | null): ApiClient;
  /** A bearer token for the session the cookies hold (`GET /api/auth/token`). */
  mintToken(): Promise<string>;
  readonly target: ApiTarget;
}

/**
 * A client for `target`: keeps better-auth's session cookies between its calls, like a browser,
 * and sends `token`, when given, as the bearer token the product API requires (not to
 * `/api/auth/*`, which works by the cookie; a test can still send any `authorization` header).
 */
export function apiClient(target: ApiTarget, options: { token?: string } = {}): ApiClient {
  return clientFor(target, options.token ?? null, new Map());
}

/** The body of a 2xx answer; any other answer fails the test with what the server said. */
export function okBody<T>(answer: ApiAnswer<T>): T {
  if (answer.status < 200 || answer.status >= 300) throw new Error(`${answer.request} → ${answer.status}: ${answer.text}`);
  return answer.body;
}

function clientFor(target: ApiTarget, token: string | null, cookies: Map<string, string>): ApiClient {
  async function send(method: string, path: string, body?: unknown, headers: ApiHeaders = {}): Promise<Response> {
    const raw = isRawBody(body);
    const response = await fetch(`${target.baseUrl}${path}`, {
      method,
      headers: {
        origin: target.origin,
        ...(cookies.size > 0 ? { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') } : {}),
        // As the web app: the product API takes the bearer token, better-auth's routes the cookie.
        ...(token && !path.startsWith('/api/auth/') ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined || raw ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      // Node's fetch sends any Uint8Array (a Buffer too); the DOM typing, seen from e2e, wants
      // one backed by a plain ArrayBuffer.
      body: body === undefined ? undefined : raw ? (body as RequestInit['body']) : JSON.stringify(body),
      // A stream has no length up front: fetch sends it chunked only when told it may.
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    });
    keepCookies(response, cookies);
    return response;
  }

  async function call<T>(method: string, path: string, body?: unknown, headers?: ApiHeaders): Promise<ApiAnswer<T>> {
    return readAnswer<T>(`${method} ${path}`, await send(method, path, body, headers));
  }

  return Object.assign(call, {
    stream: send,
    withToken: (next: string | null) => clientFor(target, next, cookies),
    mintToken: async () => okBody(await call<AuthTokenResponse>('GET', '/api/auth/token')).token,
    target,
  });
}

function isRawBody(body: unknown): body is string | Uint8Array | ReadableStream<Uint8Array> {
  return typeof body === 'string' || body instanceof Uint8Array || body instanceof ReadableStream;
}

function keepCookies(response: Response, cookies: Map<string, string>): void {
  for (const cookie of response.headers.getSetCookie()) {
    const [pair = ''] = cookie.split(';');
    const eq = pair.indexOf('=');
    if (eq > 0) cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
}

async function readAnswer<T>(request: string, response: Response): Promise<ApiAnswer<T>> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  // ignoreBOM keeps a byte-order mark in the text: CSV answers start with one on purpose.
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  const isJson = /json/u.test(response.headers.get('content-type') ?? '') && text !== '';
  // The caller names the contract type it expects (see `body`).
  const body = (isJson ? JSON.parse(text) : null) as T;
  return { request, status: response.status, headers: response.headers, body, text, bytes };
}
