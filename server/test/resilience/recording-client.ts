import type { ApiAnswer, ApiClient, ApiHeaders } from '../support';

/**
 * One call as the load made it, with when it was sent and settled (`performance.now()`), so an
 * outage can be read back from the clients' side: which answers came while the database was down,
 * and which writes were acknowledged.
 */
export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  sentAt: number;
  /** Unset while the call has not settled (it may outlive the load's own time limit). */
  settledAt?: number;
  /** What came back; the text only of an error, which is all the checks read (a 2xx list is large). */
  answer?: { status: number; headers: Headers; text: string; id?: string };
  /** Why no answer came: a refused or reset connection. */
  error?: string;
}

/** `inner`, with every call it makes pushed onto `calls` as it is sent and completed as it settles. */
export function recordingClient(inner: ApiClient, calls: RecordedCall[]): ApiClient {
  async function call<T>(method: string, path: string, body?: unknown, headers?: ApiHeaders): Promise<ApiAnswer<T>> {
    const record: RecordedCall = { method, path, body, sentAt: performance.now() };
    calls.push(record);
    try {
      const answer = await inner<T>(method, path, body, headers);
      record.answer = { status: answer.status, headers: answer.headers, text: answer.status >= 400 ? answer.text : '', id: idOf(answer.body) };
      return answer;
    } catch (error) {
      record.error = describeError(error);
      throw error;
    } finally {
      record.settledAt = performance.now();
    }
  }
  return Object.assign(call, {
    stream: (...args: Parameters<ApiClient['stream']>) => inner.stream(...args),
    withToken: (token: string | null) => recordingClient(inner.withToken(token), calls),
    mintToken: () => inner.mintToken(),
    target: inner.target,
  });
}

/** The `id` of a created record's answer, if the body has one. */
function idOf(body: unknown): string | undefined {
  const id = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).id : undefined;
  return typeof id === 'string' ? id : undefined;
}

/** fetch's own message is "fetch failed": what happened to the socket is in its cause. */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}
