import type { ApiAnswer } from '../support';

/** What came back in time, or that nothing did. */
export type Timed = { answer: ApiAnswer; ms: number } | { answer: null; ms: number; error: string };

/**
 * Wait for `call` at most `limitMs`. The client has no timeout of its own (docs/api-conventions.md,
 * Clients: no request times out unless the caller asks), and a request that never answers is
 * exactly what the suite looks for, so the wait is bounded here and the request left to finish.
 */
export async function timed(call: () => Promise<ApiAnswer>, limitMs: number): Promise<Timed> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), limitMs);
  });
  try {
    const answer = await Promise.race([call(), late]);
    const ms = performance.now() - started;
    return answer === 'late' ? { answer: null, ms, error: `no answer within ${limitMs} ms` } : { answer, ms };
  } catch (error) {
    return { answer: null, ms: performance.now() - started, error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}
