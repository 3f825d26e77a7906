import { STATUS_CODES } from 'node:http';

import type { ErrorBody, ErrorCode } from '@receivables/contracts';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

import { AppError } from '../errors/app-error';
import { statusForCode } from '../errors/error-status';

import { sendError } from './error-handler';

/**
 * Errors Fastify and Node answer before any route runs — a URL that is not valid percent-encoding,
 * headers (or a URL) too large to parse, a broken request line — in the app's one error shape
 * (docs/api-conventions.md), and without echoing the request back: the framework's own answers
 * quote the URL.
 */
const ROUTING_ERRORS: Record<string, [ErrorCode, string, { field: string; reason: string }]> = {
  FST_ERR_BAD_URL: ['VALIDATION_FAILED', 'The request URL is not valid: it has a malformed percent-encoding', { field: 'path', reason: 'must be valid percent-encoded UTF-8' }],
  // A path segment longer than the router takes (maxParamLength): no id is that long.
  FST_ERR_MAX_PARAM_LENGTH: ['URI_TOO_LONG', 'The request URL is too long', { field: 'path', reason: 'has a segment longer than any id' }],
};

export const clientErrorOptions: Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> = {
  frameworkErrors: (error, request, reply) => {
    const known = ROUTING_ERRORS[error.code];
    if (!known) request.log.error({ err: error }, 'request failed before routing');
    if (!known) return void sendError(reply, 'INTERNAL', 'An unexpected error occurred');
    const [code, message, detail] = known;
    void sendError(reply, code, message, [detail]);
  },
  clientErrorHandler: (error: NodeJS.ErrnoException, socket) => {
    // A reset connection has nobody left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [code, message]: [ErrorCode, string] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? ['HEADERS_TOO_LARGE', 'The request URL or headers are too large']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? ['REQUEST_TIMEOUT', 'The request took too long to arrive']
          : ['VALIDATION_FAILED', 'The request could not be read'];
    const status = statusForCode(code);
    const body = JSON.stringify({ error: { code, message } } satisfies ErrorBody);
    const reason = STATUS_CODES[status] ?? 'Error';
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  },
};

/**
 * A query string must be valid percent-encoded UTF-8, as the path must (Fastify checks the path
 * itself, FST_ERR_BAD_URL above). The query parser would otherwise decode a broken sequence to
 * something the client never sent.
 */
export function registerQueryStringCheck(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const at = request.url.indexOf('?');
    try {
      if (at >= 0) decodeURIComponent(request.url.slice(at + 1));
    } catch {
      done(
        new AppError('VALIDATION_FAILED', 'The request URL is not valid: it has a malformed percent-encoding', [
          { field: 'query', reason: 'must be valid percent-encoded UTF-8' },
        ]),
      );
      return;
    }
    done();
  });
}
