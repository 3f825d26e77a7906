import type { ErrorCode } from '@receivables/contracts';

/** The single place error codes meet HTTP statuses (docs/api-conventions.md). */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  HEADERS_TOO_LARGE: 431,
  REQUEST_TIMEOUT: 408,
  DOMAIN_RULE: 422,
  IDEMPOTENCY_KEY_REUSED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** A service we depend on (Stripe) did not answer: the request can be tried again. */
  UPSTREAM_UNAVAILABLE: 503,
  /** The database cannot be reached (restarting, or down): the request can be tried again shortly. */
  DATABASE_UNAVAILABLE: 503,
};

export function statusForCode(code: ErrorCode): number {
  return ERROR_STATUS[code];
}

/** The code to answer with for a bare HTTP status (errors raised by Fastify or a plugin). */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'VALIDATION_FAILED';
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 408:
      return 'REQUEST_TIMEOUT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 414:
      return 'URI_TOO_LONG';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 431:
      return 'HEADERS_TOO_LARGE';
    case 422:
      return 'DOMAIN_RULE';
    case 429:
      return 'RATE_LIMITED';
    default:
      return status >= 400 && status < 500 ? 'VALIDATION_FAILED' : 'INTERNAL';
  }
}
