/** A JSON answer from the API: status, parsed body and headers. */
export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export type ApiCall = <T = unknown>(
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<ApiAnswer<T>>;

/** Calls to `baseUrl` with a bearer token, JSON in and out (tests read `body` as the contract type). */
export function apiClient(baseUrl: string, token: string): ApiCall {
  return async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    // The caller names the contract type it expects; tests parse with the schema where it matters.
    return { status: res.status, body: (text ? JSON.parse(text) : null) as never, headers: res.headers };
  };
}
