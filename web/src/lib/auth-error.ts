import { RequestError } from './api-client';

interface BetterAuthError {
  status: number;
  message?: string | undefined;
  statusText?: string;
}

/** better-auth answers `{data, error}`; turn its error into the app's one error type. */
export function authError(error: BetterAuthError, fallback: string): RequestError {
  return new RequestError({
    kind: error.status ? 'http' : 'network',
    status: error.status,
    code: error.status === 401 ? 'UNAUTHENTICATED' : undefined,
    message: error.message || fallback,
  });
}
