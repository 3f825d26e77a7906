import { onlineManager, QueryCache, QueryClient } from '@tanstack/react-query';

import { isRequestError } from '../lib/api-client';

const FIVE_MINUTES = 5 * 60_000;
/**
 * One more try, half a second later: enough for a blip (a restarting proxy, a dropped
 * connection), and the error panel with its Try again shows within about two seconds instead of
 * after three backed-off retries (~9 s of skeletons). docs/decisions/0046-smaller-things.md.
 */
const MAX_RETRIES = 1;
const RETRY_DELAY_MS = 500;

/**
 * A client error will fail the same way again, so retrying only delays the message; 408 and 429
 * are the exceptions that ask to be retried. A cancelled request is never retried.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (!isRequestError(error)) return true;
  if (error.kind === 'abort') return false;
  if (error.kind === 'http' && error.status >= 400 && error.status < 500) {
    return error.status === 408 || error.status === 429;
  }
  return true;
}

interface QueryClientOptions {
  /** Called when a read fails with 401: the session has ended, so the guards should run again. */
  onUnauthenticated?: () => void;
}

export function createQueryClient({ onUnauthenticated }: QueryClientOptions = {}): QueryClient {
  // TanStack Query assumes it starts online and learns otherwise from the browser's events; a page
  // opened offline would never hear one, so it is told how things stand now.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isRequestError(error) && error.kind === 'http' && error.status === 401) onUnauthenticated?.();
      },
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay: RETRY_DELAY_MS,
        // Asked for even offline (`online` would pause them, and a screen would show skeletons for
        // as long as the connection is down): the request fails at once, the screen says so with
        // Try again beside the offline banner, and reconnecting reads again what failed (decision 0046).
        networkMode: 'always',
        // `always` would otherwise leave reconnecting alone: what failed offline is read again.
        refetchOnReconnect: true,
        staleTime: FIVE_MINUTES,
        gcTime: FIVE_MINUTES,
      },
      // A save offline fails and says so, rather than spinning until the connection is back.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
