/**
 * Whether an error means the database cannot be reached right now, rather than that a query was
 * wrong: refused or dropped connections, a server shutting down or starting up, the pool's wait
 * for a connection running out. Those are a 503 the client may retry, not a 500 (decision 0033).
 */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN',
  '57P01', // admin_shutdown: the server is stopping
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or in recovery
  '08000', '08001', '08003', '08004', '08006', // connection exceptions
]);
const UNREACHABLE_MESSAGES = new RegExp(
  [
    'Connection terminated',
    'timeout exceeded when trying to connect',
    'Client has encountered a connection error',
    'the database system is (starting up|shutting down|in recovery mode)',
  ].join('|'),
  'i',
);

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause: unknown = error, depth = 0; cause && depth < 5; depth++) {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && UNREACHABLE_MESSAGES.test(message)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/** How long a client is told to wait before trying again, in seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
