/**
 * The log a job or a use case running outside a request writes to: pino's logger in the server,
 * a recording one in tests. Messages only, never a secret or a message body.
 */
export interface OperationLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}
