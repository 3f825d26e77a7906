import type { ErrorBody, InstanceInfo } from '@receivables/contracts';
import { http, type HttpHandler, HttpResponse, type JsonBodyType } from 'msw';

import { readSentRequest } from '../../../test/api-handlers';

/** A body better-auth's routes answered, as the account tests assert on it. */
export interface AuthRequest {
  path: string;
  body: unknown;
}

const sent: AuthRequest[] = [];

/** The `/api/auth/*` (or `/api/instance/`) requests answered through `onAuth` in this test; only `path`'s when given. */
export function authRequests(path?: string): AuthRequest[] {
  return sent.filter((r) => path === undefined || r.path === path);
}

/**
 * Answers a better-auth route (`POST /api/auth/reset-password`) with `answer` (sent as 200) or a
 * whole Response, and logs what was sent. better-auth's routes are not product API routes, so
 * `onApi` does not type them.
 */
type AuthAnswer = JsonBodyType | Response;

export function onAuth(route: string, answer: AuthAnswer | (() => AuthAnswer)): HttpHandler {
  const [method, path] = route.split(' ') as ['GET' | 'POST', string];
  return (method === 'GET' ? http.get : http.post)(path, async ({ request }) => {
    const read = await readSentRequest(request);
    sent.push({ path, body: read.body });
    const result: AuthAnswer = answer instanceof Function ? answer() : answer;
    return result instanceof Response ? result.clone() : HttpResponse.json(result);
  });
}

/** `GET /api/instance/` answering how this server sends account emails. */
export function instanceMail(mode: InstanceInfo['account_mail']): HttpHandler {
  const info: InstanceInfo = { account_mail: mode, stripe_connect: false };
  return http.get('/api/instance/', () => HttpResponse.json(info));
}

/** An answer in the app's error shape, as the server rewrites better-auth's refusals. */
export function authRefusal(status: number, message: string): Response {
  const body: ErrorBody = { error: { code: status === 403 ? 'FORBIDDEN' : 'VALIDATION_FAILED', message } };
  return HttpResponse.json(body, { status });
}

/** Forgets the log; each test file calls it after each test. */
export function forgetAuthRequests(): void {
  sent.length = 0;
}
