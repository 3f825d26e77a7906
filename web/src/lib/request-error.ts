import { errorBodySchema, type ErrorCode, type FieldIssue } from '@receivables/contracts';

export type RequestErrorKind = 'http' | 'network' | 'timeout' | 'abort';

interface RequestErrorInit {
  kind: RequestErrorKind;
  /** HTTP status; 0 when no response arrived. */
  status?: number;
  code?: ErrorCode;
  message: string;
  details?: FieldIssue[];
  url?: string;
  cause?: unknown;
}

/** The one error every failed API call becomes, whatever went wrong underneath. */
export class RequestError extends Error {
  readonly kind: RequestErrorKind;
  readonly status: number;
  readonly code: ErrorCode | undefined;
  readonly details: FieldIssue[];
  readonly url: string | undefined;

  constructor(init: RequestErrorInit) {
    super(init.message, { cause: init.cause });
    this.name = 'RequestError';
    this.kind = init.kind;
    this.status = init.status ?? 0;
    this.code = init.code;
    this.details = init.details ?? [];
    this.url = init.url;
  }
}

export function isRequestError(error: unknown): error is RequestError {
  return error instanceof RequestError;
}

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  422: 'DOMAIN_RULE',
  429: 'RATE_LIMITED',
};

const MESSAGE_BY_STATUS: Record<number, string> = {
  401: 'Your session has expired. Please sign in again.',
  403: 'You do not have permission to do that.',
  404: 'Not found.',
  429: 'Too many requests. Please wait a moment and try again.',
};

/**
 * Builds the http-kind error from a parsed (or unparseable) body. Bodies in the contract's shape
 * keep their code, message and details; anything else (a proxy's HTML page, better-auth's own
 * `{message}`) gets a code derived from the status.
 */
export function httpError(status: number, body: unknown, url?: string): RequestError {
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success) {
    const { code, message, details } = parsed.data.error;
    return new RequestError({ kind: 'http', status, code, message, details, url });
  }
  const looseMessage =
    typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message
      : undefined;
  return new RequestError({
    kind: 'http',
    status,
    code: CODE_BY_STATUS[status] ?? 'INTERNAL',
    message: looseMessage || MESSAGE_BY_STATUS[status] || `The request failed (HTTP ${status}).`,
    url,
  });
}
