import type { APIRequestContext } from '@playwright/test';

/**
 * A POST to the product API as the signed-in person (the context's session cookie buys a bearer
 * token), for setting up what the screen under test does not create itself.
 */
export async function apiPost<T>(request: APIRequestContext, path: string, data: object): Promise<T> {
  const res = await request.post(path, { data, headers: { authorization: `Bearer ${await bearerToken(request)}` } });
  if (!res.ok()) throw new Error(`${path} answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** A PUT to the product API as the signed-in person (a workflow made the default, say). */
export async function apiPut<T>(request: APIRequestContext, path: string, data: object): Promise<T> {
  const res = await request.put(path, { data, headers: { authorization: `Bearer ${await bearerToken(request)}` } });
  if (!res.ok()) throw new Error(`${path} answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** A GET of the product API as the signed-in person, for what a journey needs to know beforehand. */
export async function apiGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path, { headers: { authorization: `Bearer ${await bearerToken(request)}` } });
  if (!res.ok()) throw new Error(`${path} answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}

async function bearerToken(request: APIRequestContext): Promise<string> {
  const tokenAnswer = await request.get('/api/auth/token');
  if (!tokenAnswer.ok()) throw new Error(`/api/auth/token answered ${tokenAnswer.status()}`);
  const { token } = (await tokenAnswer.json()) as { token: string };
  return token;
}
