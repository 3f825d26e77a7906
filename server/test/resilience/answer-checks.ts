import { errorCodeSchema } from '@receivables/contracts';

import type { ApiAnswer } from '../support';

/** What the suite counts as wrong with an answer; the report tallies each. */
export type FindingKind =
  /** A 5xx: the server failed on input it should have refused or served. */
  | 'server-error'
  /** An error body not in the one shape `{"error": {"code", "message", "details"?}}`, or a 400 naming no field. */
  | 'off-shape'
  /** An error whose words repeat something the request sent (docs/api-conventions.md, Errors). */
  | 'echo'
  /** Organisation B saw or changed organisation A's data. */
  | 'leak'
  /** A role below what ROUTE_PERMISSIONS asks was let through, or a request without a token. */
  | 'escalation'
  /** A role the table allows was refused with 403. */
  | 'refused'
  /** No answer within the time allowed. */
  | 'hang'
  /** A request's keys reached Object.prototype in the server's process. */
  | 'pollution'
  /** A write the server acknowledged, or a job's row, missing after a fault. */
  | 'lost'
  /** A job's work done twice after a fault (a row, an audit entry, a planned email counted twice). */
  | 'doubled';

export interface Finding {
  kind: FindingKind;
  /** `POST /api/customers/` and who sent it. */
  request: string;
  status: number;
  why: string;
}

/** Strings the request carried, which an error must not repeat. */
export type SentValues = ReadonlySet<string>;

/**
 * The text values a request carried, worth looking for in an error's words: long enough not to
 * turn up by chance (an enum value or a currency code may be named back on purpose, so the
 * schema's own constants are left out), from the path's parameters, the query and the body.
 */
export function sentValues(
  parts: { params?: readonly string[]; query?: Record<string, string>; body?: unknown },
  constants: ReadonlySet<string> = new Set(),
): SentValues {
  const values = new Set<string>();
  const add = (value: string) => {
    if (value.trim().length >= 6 && !constants.has(value)) values.add(value);
  };
  for (const param of parts.params ?? []) add(param);
  for (const value of Object.values(parts.query ?? {})) add(value);
  const walk = (value: unknown, depth: number): void => {
    if (depth > 50) return;
    if (typeof value === 'string') add(value);
    else if (Array.isArray(value)) for (const item of value) walk(item, depth + 1);
    else if (value && typeof value === 'object') for (const item of Object.values(value)) walk(item, depth + 1);
  };
  walk(parts.body, 0);
  return values;
}

interface ErrorShape {
  code: string;
  message: string;
  details?: { field: string; reason: string }[];
}

/** The error an answer carries when it is exactly the one shape, else why not. */
export function readError(answer: Pick<ApiAnswer, 'text' | 'headers'>): ErrorShape | string {
  if (!/^application\/json/.test(answer.headers.get('content-type') ?? '')) return `content-type ${answer.headers.get('content-type') ?? 'missing'}`;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return 'body is not JSON';
  }
  if (!isRecord(body) || !sameKeys(body, ['error'], [])) return 'top level is not exactly {"error"}';
  const error = body.error;
  if (!isRecord(error) || !sameKeys(error, ['code', 'message'], ['details'])) return 'error is not exactly {code, message, details?}';
  if (typeof error.code !== 'string' || !errorCodeSchema.safeParse(error.code).success) return 'code is not one of the API\'s codes';
  if (typeof error.message !== 'string' || error.message.trim() === '') return 'message is not a sentence';
  if (error.details === undefined) return { code: error.code, message: error.message };
  if (!Array.isArray(error.details)) return 'details is not a list';
  const details: { field: string; reason: string }[] = [];
  for (const detail of error.details as unknown[]) {
    if (!isRecord(detail) || !sameKeys(detail, ['field', 'reason'], []) || typeof detail.field !== 'string' || typeof detail.reason !== 'string') {
      return 'a detail is not exactly {field, reason}';
    }
    details.push({ field: detail.field, reason: detail.reason });
  }
  return { code: error.code, message: error.message, details };
}

/**
 * What every answer from /api must be, whoever asks: never a 5xx; an error in the one shape, in
 * words that repeat nothing the request sent. With `fieldOn400` (a route validating with a zod
 * schema), a 400 must also name each field at fault in `details` (docs/api-conventions.md, Errors).
 */
export function checkAnswer(answer: Pick<ApiAnswer, 'status' | 'text' | 'headers'>, request: string, sent: SentValues, options: { fieldOn400?: boolean } = {}): Finding[] {
  const findings: Finding[] = [];
  const finding = (kind: FindingKind, why: string) => findings.push({ kind, request, status: answer.status, why });
  if (answer.status >= 500) finding('server-error', answer.text.slice(0, 300));
  if (answer.status < 400) return findings;
  const error = readError(answer);
  if (typeof error === 'string') {
    finding('off-shape', `${error}: ${answer.text.slice(0, 200)}`);
    return findings;
  }
  if (options.fieldOn400 && answer.status === 400 && !error.details?.length) {
    finding('off-shape', `a 400 naming no field: ${answer.text.slice(0, 200)}`);
  }
  const words = [error.message, ...(error.details ?? []).map((d) => d.reason)];
  for (const value of sent) {
    if (words.some((w) => w.includes(value))) finding('echo', `repeats ${JSON.stringify(value.slice(0, 80))}: ${error.message}`);
  }
  return findings;
}

/** Every `enum` and `const` a JSON Schema names: values an error may legitimately name back. */
export function schemaConstants(schema: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) {
    for (const item of schema) schemaConstants(item, into);
  } else if (isRecord(schema)) {
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'const' && typeof value === 'string') {
        into.add(value);
      } else if (key === 'enum' && Array.isArray(value)) {
        for (const v of value) if (typeof v === 'string') into.add(v);
      } else {
        schemaConstants(value, into);
      }
    }
  }
  return into;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sameKeys(value: Record<string, unknown>, required: readonly string[], optional: readonly string[]): boolean {
  const keys = Object.keys(value);
  return required.every((k) => keys.includes(k)) && keys.every((k) => required.includes(k) || optional.includes(k));
}
