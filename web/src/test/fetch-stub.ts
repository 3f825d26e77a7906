/** The URL a stubbed `fetch` was called with, whatever form the caller passed it in. */
export function requestUrl(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

export interface StubbedCall {
  method: string;
  /** Path and query, e.g. `/api/tags?limit=5`. */
  url: string;
  headers: Record<string, string>;
  /** Parsed JSON, or the Blob itself for a raw upload. */
  body: unknown;
}

/** A bearer token the API client accepts: unsigned, but with an `exp` 15 minutes ahead. */
export const testToken = `e30.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 900 }))}.sig`;

/**
 * Stubs the browser's fetch for API tests: answers the token request itself and every other
 * call with `answer` (a 404 when it returns undefined). Returns the calls made, token excluded.
 */
export function stubApiCalls(answer: (call: StubbedCall) => Response | undefined, stub: (fetch: unknown) => void): StubbedCall[] {
  const calls: StubbedCall[] = [];
  stub((input: RequestInfo | URL, init?: RequestInit) => {
    const url = requestUrl(input);
    if (url === '/api/auth/token') return Promise.resolve(Response.json({ token: testToken }));
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body instanceof Blob ? init.body : undefined;
    const call = { method: init?.method ?? 'GET', url, headers, body };
    calls.push(call);
    return Promise.resolve(answer(call) ?? Response.json({ error: { code: 'NOT_FOUND', message: 'Not found.' } }, { status: 404 }));
  });
  return calls;
}
