import { QueryCache, QueryClient } from '@tanstack/react-query';

import { isRequestError } from '../lib/api-client';

const FIVE_MINUTES = 5 * 60_000;
const MAX_RETRIES = 3;

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
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isRequestError(error) && error.kind === 'http' && error.status === 401) onUnauthenticated?.();
      },
    }),
    defaultOptions: {
      queries: {
        // TanStack Query's own back-off (1 s, 2 s, 4 s… capped at 30 s) between attempts.
        retry: shouldRetry,
        staleTime: FIVE_MINUTES,
        gcTime: FIVE_MINUTES,
      },
      mutations: { retry: false },
    },
  });
}
