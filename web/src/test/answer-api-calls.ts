import { http } from 'msw';

import { readSentRequest } from './api-handlers';
import { server } from './msw-server';

/** A request as a screen test sees it. */
export type AnsweredCall = Awaited<ReturnType<typeof readSentRequest>>;

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
      const call = await readSentRequest(request);
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}
