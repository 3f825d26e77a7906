import { type ErrorBody, errorBodySchema, type ErrorCode, type FieldIssue } from '@receivables/contracts';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

import { isAppError } from '../errors/app-error';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../errors/database-unavailable';
import { codeForStatus, statusForCode } from '../errors/error-status';

import { validationField } from './validation-field';

/** The error answers a route may give, for its response schema (and so for /api/docs). */
export const readErrorResponses = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
export const writeErrorResponses = { ...readErrorResponses, 409: errorBodySchema, 413: errorBodySchema, 422: errorBodySchema };

/** Send the one error shape every `/api` failure uses. */
export function sendError(reply: FastifyReply, code: ErrorCode, message: string, details?: FieldIssue[]): FastifyReply {
  const body: ErrorBody = { error: { code, message, ...(details ? { details } : {}) } };
  return reply.status(statusForCode(code)).type('application/json; charset=utf-8').send(body);
}

/** What is wrong, by Fastify's name for the part of the request (`params` and `headers` read badly as "The params is…"). */
const INVALID_PART: Record<string, string> = {
  body: 'The body is not valid',
  querystring: 'The query string is not valid',
  params: 'The path is not valid',
  headers: 'The request headers are not valid',
};

/** The keys of zod's `unrecognized_keys` issue, as fastify-type-provider-zod passes it on in `params`. */
function unrecognizedKeys(params: unknown): string[] {
  const keys = (params as { keys?: unknown } | undefined)?.keys;
  return Array.isArray(keys) ? keys.filter((key): key is string => typeof key === 'string') : [];
}

/**
 * Map every thrown error to `{ error: { code, message, details? } }` (docs/api-conventions.md): AppErrors by
 * their code, request validation as 400 with the offending fields, and anything unexpected as a
 * logged 500 whose message and stack never leave the server.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isAppError(error)) {
      if (statusForCode(error.code) >= 500) request.log.error({ err: error }, 'request failed');
      return sendError(reply, error.code, statusForCode(error.code) >= 500 ? 'An unexpected error occurred' : error.message, error.details);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'request';
      const details = error.validation.flatMap((v) => {
        // A field the request does not take is named itself, not the object it was sent in.
        const keys = v.keyword === 'unrecognized_keys' ? unrecognizedKeys(v.params) : [];
        if (keys.length > 0) return keys.map((key) => ({ field: validationField(`${v.instancePath}/${key}`, where), reason: 'is not a field this request takes' }));
        return [{ field: validationField(v.instancePath, where), reason: v.message ?? 'is not valid' }];
      });
      return sendError(reply, 'VALIDATION_FAILED', INVALID_PART[where] ?? `The ${where} is not valid`, details);
    }
    if (error.validation) {
      const details = error.validation.map((v) => ({
        field: validationField(v.instancePath, error.validationContext ?? 'request'),
        reason: v.message ?? 'is not valid',
      }));
      return sendError(reply, 'VALIDATION_FAILED', 'The request is not valid', details);
    }
    if (isResponseSerializationError(error) && 'method' in error) {
      request.log.error({ err: error }, 'response did not match its schema');
      return sendError(reply, 'INTERNAL', 'An unexpected error occurred');
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      void reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendError(reply, 'DATABASE_UNAVAILABLE', 'The database cannot be reached just now: try again in a few seconds');
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return sendError(reply, 'INTERNAL', 'An unexpected error occurred');
    }
    // Fastify's own 4xx (malformed JSON, empty body, unsupported media type, body too large):
    // our words, never its message, which can quote the request.
    const known = FRAMEWORK_ERRORS[error.code];
    if (known) return sendError(reply, known.code, known.message, [{ field: known.field, reason: known.reason }]);
    return sendError(reply, codeForStatus(status), 'The request was refused');
  });
}

interface FrameworkError {
  code: ErrorCode;
  message: string;
  field: string;
  reason: string;
}

const NOT_JSON: FrameworkError = { code: 'VALIDATION_FAILED', message: 'The request body is not valid JSON', field: 'body', reason: 'must be valid JSON in UTF-8' };

const FRAMEWORK_ERRORS: Record<string, FrameworkError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: NOT_JSON,
  FST_ERR_CTP_INVALID_UTF8: NOT_JSON,
  FST_ERR_CTP_TOO_DEEP: { code: 'VALIDATION_FAILED', message: 'The request body is nested too deeply', field: 'body', reason: 'must nest objects and arrays at most 64 deep' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'VALIDATION_FAILED', message: 'The request body is empty', field: 'body', reason: 'must be a JSON value' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'The request body must be JSON',
    field: 'content-type',
    reason: 'must be application/json',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'VALIDATION_FAILED', message: 'The request body does not match its Content-Length', field: 'content-length', reason: 'must be the body\'s length' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large', field: 'body', reason: 'must be at most 1 MiB' },
};
