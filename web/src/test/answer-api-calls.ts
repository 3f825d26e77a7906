import { http } from 'msw';

import { server } from './msw-server';

/** A request as a screen test sees it. */
export interface AnsweredCall {
  method: string;
  /** Path and query as sent. */
  url: string;
  /** The JSON body parsed, any other body as text; undefined when there is none. */
  body: unknown;
  headers: Record<string, string>;
}

/**
 * One MSW handler for a screen that calls many routes with state between them (a list that a PUT
 * changes): `answer` sees every `/api/` request in order and answers it, or returns undefined to
 * leave it to the other handlers. Prefer `onApi` (contract-typed, one route each) where a test's
 * answers are fixed; returns the log of what was sent.
 */
export function answerApiCalls(answer: (call: AnsweredCall) => Response | undefined): AnsweredCall[] {
  const calls: AnsweredCall[] = [];
  server.use(
    http.all('/api/*', async ({ request }) => {
      const url = new URL(request.url);
      const text = await request.clone().text();
      const isJson = request.headers.get('content-type')?.includes('json') ?? false;
      const call = {
        method: request.method,
        url: `${url.pathname}${url.search}`,
        body: text === '' ? undefined : isJson ? (JSON.parse(text) as unknown) : text,
        headers: Object.fromEntries(request.headers),
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}
