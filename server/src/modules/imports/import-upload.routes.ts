import type { Readable } from 'node:stream';

import { customerImportSchema, importUploadQuerySchema } from '@receivables/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { AppError } from '../../errors/app-error';
import { writeErrorResponses } from '../../plugins/error-handler';
import { defineRoutes } from '../../plugins/route-definition';

import { uploadCustomerImport } from './upload-customer-import';
import { fileTooLarge } from './upload-encoding';

/**
 * What a CSV upload may be labelled: browsers send text/csv, Excel on Windows makes .csv files
 * application/vnd.ms-excel, and some clients send no more than octet-stream or text/plain.
 */
export const IMPORT_CONTENT_TYPES = ['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel', 'application/octet-stream'];

/**
 * `POST /api/imports/`: the raw file as the body. A plugin, so a scope of its own, whose only
 * body parser hands the handler the request stream unread (nothing is buffered), so the file is
 * read as it arrives; any other content type is a 400 naming it.
 */
const importUploadPlugin: FastifyPluginAsyncZod<{ maxBytes: number }> = async (scope, deps) => {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(IMPORT_CONTENT_TYPES, (request, payload, parsed) => {
    // Fastify enforces bodyLimit only for parsers that buffer; a declared size is refused here,
    // before a byte is read, and an undeclared one as it streams (limitBytes).
    const declared = Number(request.headers['content-length']);
    if (declared > deps.maxBytes) parsed(fileTooLarge(deps.maxBytes), undefined);
    else parsed(null, payload);
  });
  scope.addContentTypeParser('*', (request, _payload, parsed) => {
    const type = request.headers['content-type'] ?? 'none';
    parsed(
      new AppError('VALIDATION_FAILED', `A CSV upload cannot have the content type ${type}`, [
        { field: 'content-type', reason: `must be one of ${IMPORT_CONTENT_TYPES.join(', ')}` },
      ]),
      undefined,
    );
  });

  scope.post('/', {
    prefixTrailingSlash: 'slash',
    bodyLimit: deps.maxBytes,
    schema: {
      tags: ['imports'],
      summary: 'Upload a CSV file of invoices (the raw file as the body); answers its header, first rows and a suggested mapping',
      consumes: IMPORT_CONTENT_TYPES,
      querystring: importUploadQuerySchema,
      response: { 201: customerImportSchema, ...writeErrorResponses },
    },
    handler: async (request, reply) => {
      // No body at all (no content type either) reads as an empty file.
      const body = request.body as Readable | undefined;
      try {
        const created = await uploadCustomerImport(
          { ...request.org, maxBytes: deps.maxBytes },
          // Stopping early (a refused file) must not destroy the request: the answer still goes out on it.
          { filename: request.query.filename, body: body ? bytesOf(body) : [] },
        );
        reply.code(201);
        return created;
      } catch (error) {
        // The rest of a refused upload is not read; close the connection rather than drain it.
        if (body && !body.readableEnded) reply.header('connection', 'close');
        throw error;
      }
    },
  });
};

function bytesOf(body: Readable): AsyncIterable<Uint8Array> {
  return body.iterator({ destroyOnReturn: false }) as AsyncIterable<Uint8Array>;
}

export const importUploadRoutes = defineRoutes({ prefix: '/imports', needs: ({ config }) => ({ maxBytes: config.imports.maxBytes }), plugin: importUploadPlugin });
