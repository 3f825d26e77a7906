import { type ErrorBody, errorBodySchema, type ErrorCode, type FieldIssue } from '@receivables/contracts';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

import { isAppError } from '../errors/app-error';
import { codeForStatus, statusForCode } from '../errors/error-status';

/** The error answers a route may give, for its response schema (and so for /api/docs). */
export const readErrorResponses = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
export const writeErrorResponses = { ...readErrorResponses, 409: errorBodySchema, 413: errorBodySchema, 422: errorBodySchema };

/** Send the one error shape every `/api` failure uses. */
export function sendError(reply: FastifyReply, code: ErrorCode, message: string, details?: FieldIssue[]): FastifyReply {
  const body: ErrorBody = { error: { code, message, ...(details ? { details } : {}) } };
  return reply.status(statusForCode(code)).type('application/json; charset=utf-8').send(body);
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
      const details = error.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || where,
        reason: v.message ?? 'is not valid',
      }));
      return sendError(reply, 'VALIDATION_FAILED', `The ${where} is not valid`, details);
    }
    if (error.validation) {
      const details = error.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'request'),
        reason: v.message ?? 'is not valid',
      }));
      return sendError(reply, 'VALIDATION_FAILED', 'The request is not valid', details);
    }
    if (isResponseSerializationError(error) && 'method' in error) {
      request.log.error({ err: error }, 'response did not match its schema');
      return sendError(reply, 'INTERNAL', 'An unexpected error occurred');
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return sendError(reply, 'INTERNAL', 'An unexpected error occurred');
    }
    // Fastify's own 4xx (malformed JSON, empty body, unsupported media type, body too large).
    const details = error.code.startsWith('FST_ERR_CTP') ? [{ field: 'body', reason: error.message }] : undefined;
    return sendError(reply, codeForStatus(status), error.message, details);
  });
}
