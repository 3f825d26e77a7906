import { authTokenResponseSchema, isPublicApiPath } from '@receivables/contracts';

import { readJwtExpiry } from './jwt';
import { httpError, RequestError } from './request-error';

export { RequestError, isRequestError, type RequestErrorKind } from './request-error';

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is (a file upload); give its `content-type` in `headers`. Not with `body`. */
  rawBody?: Blob;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** No timeout unless asked for (docs/api-conventions.md, Clients). */
  timeoutMs?: number;
}

export interface ApiClientConfig {
  /** Defaults to the global fetch, looked up per call so tests can stub it. */
  fetch?: typeof fetch;
  tokenPath?: string;
  now?: () => number;
  /** Refresh this long before the token's `exp`, so a request never leaves with a dying token. */
  refreshMarginMs?: number;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  /**
   * As `request`, but answers the successful `Response` unread, for bodies that are not JSON
   * (a CSV download); errors still arrive as a `RequestError` parsed from the JSON error body.
   */
  fetchRaw(path: string, options?: RequestOptions): Promise<Response>;
  /** Forget the cached JWT, e.g. after switching organisation or signing out. */
  clearToken(): void;
}

const TOKEN_LIFETIME_MS = 15 * 60_000;

/**
 * Only the product API takes a bearer token: not better-auth's own routes (the cookie), nor the
 * others the server answers to anyone (PUBLIC_API_PATHS, the list the server mounts them by).
 */
function needsToken(path: string): boolean {
  return path.startsWith('/api/') && !isPublicApiPath(path);
}

function buildUrl(path: string, query: Record<string, QueryValue> | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Rejects as soon as `signal` aborts, without cancelling the shared promise underneath. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new DOMException('Aborted', 'AbortError'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** A fetch wrapper for `/api/*`: bearer token, JSON, one error type. It never shows UI itself. */
export function createApiClient(config: ApiClientConfig = {}): ApiClient {
  const tokenPath = config.tokenPath ?? '/api/auth/token';
  const now = config.now ?? (() => Date.now());
  const margin = config.refreshMarginMs ?? 60_000;
  const doFetch: typeof fetch = (input, init) => (config.fetch ?? globalThis.fetch)(input, init);

  let cached: { token: string; refreshAt: number } | null = null;
  let inFlight: Promise<string> | null = null;
  // Bumped by clearToken so a token fetched for the previous organisation is never cached.
  let generation = 0;

  async function fetchToken(): Promise<string> {
    const startedIn = generation;
    let response: Response;
    try {
      response = await doFetch(tokenPath, { credentials: 'include', headers: { accept: 'application/json' } });
    } catch (cause) {
      throw new RequestError({ kind: 'network', message: 'Could not reach the server.', url: tokenPath, cause });
    }
    const body = await readBody(response);
    if (!response.ok) throw httpError(response.status, body, tokenPath);
    const parsed = authTokenResponseSchema.safeParse(body);
    if (!parsed.success) {
      throw new RequestError({
        kind: 'http',
        status: response.status,
        code: 'UNAUTHENTICATED',
        message: 'The sign-in service did not return a token.',
        url: tokenPath,
      });
    }
    const { token } = parsed.data;
    const exp = readJwtExpiry(token);
    const expiresAt = exp === undefined ? now() + TOKEN_LIFETIME_MS : exp * 1000;
    if (startedIn === generation) cached = { token, refreshAt: expiresAt - margin };
    return token;
  }

  function getToken(forceRefresh: boolean): Promise<string> {
    if (!forceRefresh && cached && now() < cached.refreshAt) return Promise.resolve(cached.token);
    // One refresh at a time: concurrent callers share the same request.
    if (inFlight) return inFlight;
    const pending: Promise<string> = fetchToken().finally(() => {
      if (inFlight === pending) inFlight = null;
    });
    inFlight = pending;
    return pending;
  }

  async function send(url: string, path: string, options: RequestOptions, signal: AbortSignal, fresh: boolean) {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (needsToken(path)) {
      if (fresh) cached = null;
      headers.authorization = `Bearer ${await abortable(getToken(fresh), signal)}`;
    }
    return doFetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      credentials: 'same-origin',
      signal,
    });
  }

  function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    return exchange(path, options, async (response) => (await readBody(response)) as T);
  }

  /** Sends the request (token, one retry on 401) and reads a successful response with `read`. */
  async function exchange<T>(path: string, options: RequestOptions, read: (response: Response) => Promise<T>): Promise<T> {
    const url = buildUrl(path, options.query);
    const controller = new AbortController();
    // An object, not a let: the flag is set from the timer callback, after narrowing.
    const timeout = { fired: false };
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
          timeout.fired = true;
          controller.abort();
        }, options.timeoutMs);
    const onCallerAbort = () => controller.abort();
    if (options.signal?.aborted) controller.abort();
    options.signal?.addEventListener('abort', onCallerAbort, { once: true });

    try {
      let response = await send(url, path, options, controller.signal, false);
      // The token may have been revoked or re-minted early: refresh once and retry once.
      if (response.status === 401 && needsToken(path)) {
        await response.body?.cancel().catch(() => undefined);
        response = await send(url, path, options, controller.signal, true);
      }
      if (!response.ok) throw httpError(response.status, await readBody(response), url);
      return await read(response);
    } catch (cause) {
      if (cause instanceof RequestError) throw cause;
      if (timeout.fired) {
        throw new RequestError({ kind: 'timeout', message: 'The server took too long to answer.', url, cause });
      }
      if (controller.signal.aborted) {
        throw new RequestError({ kind: 'abort', message: 'The request was cancelled.', url, cause });
      }
      throw new RequestError({ kind: 'network', message: 'Could not reach the server.', url, cause });
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  return {
    request,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    fetchRaw: (path, options = {}) => exchange(path, options, (response) => Promise.resolve(response)),
    clearToken: () => {
      cached = null;
      inFlight = null;
      generation += 1;
    },
  };
}

/** The app's single client. */
export const apiClient = createApiClient();
