import { RequestError } from './api-client';

interface BetterAuthError {
  status: number;
  /** better-auth's own answers carry the message at the top level. */
  message?: string | undefined;
  /** Answers the server rewrites into the app's one error shape carry it here. */
  error?: { code?: string; message?: string } | undefined;
  statusText?: string;
}

/** better-auth answers `{data, error}`; turn its error into the app's one error type. */
export function authError(error: BetterAuthError, fallback: string): RequestError {
  return new RequestError({
    kind: error.status ? 'http' : 'network',
    status: error.status,
    code: error.status === 401 ? 'UNAUTHENTICATED' : undefined,
    message: error.error?.message || error.message || fallback,
  });
}
