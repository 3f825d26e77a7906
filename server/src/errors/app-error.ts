import type { ErrorCode, FieldIssue } from '@receivables/contracts';

/** The one error type use cases throw; the error handler turns it into `{ error: {...} }`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: FieldIssue[] | undefined;

  constructor(code: ErrorCode, message: string, details?: FieldIssue[]) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
