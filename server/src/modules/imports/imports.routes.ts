import { Readable } from 'node:stream';

import {
  customerImportSchema,
  idempotencyHeadersSchema,
  importCheckSchema,
  importIdParamsSchema,
  importListQuerySchema,
  importListResponseSchema,
  importStartSchema,
  pageQuerySchema,
  rejectedRowListResponseSchema,
} from '@receivables/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { attachmentDisposition } from '../../lib/content-disposition';
import { readErrorResponses, writeErrorResponses } from '../../plugins/error-handler';
import { idempotentWrite } from '../../plugins/idempotency';
import { defineRoutes } from '../../plugins/route-definition';

import { checkCustomerImport } from './check-customer-import';
import { discardCustomerImport } from './discard-customer-import';
import { exportRejectedRowsCsv } from './export-rejected-rows-csv';
import { findCustomerImports } from './find-customer-imports';
import { findRejectedRows } from './find-rejected-rows';
import { getCustomerImport } from './get-customer-import';
import type { ImportQueue } from './import-queue';
import { startCustomerImport } from './start-customer-import';

/** The body of `rejected.csv` as documented (the stream sent is this text). */
const rejectedRowsCsvSchema = z.string().describe('text/csv; charset=utf-8, UTF-8 BOM; the file’s header plus Row and Reason, then each refused row');

/** Imports after the upload (import-upload.routes.ts): list, progress, check, start, discard, refused rows. */
const importsPlugin: FastifyPluginAsyncZod<{ imports: ImportQueue }> = async (r, { imports }) => {
  r.get('/', {
    prefixTrailingSlash: 'slash',
    schema: {
      tags: ['imports'],
      summary: 'List CSV imports, newest first',
      querystring: importListQuerySchema,
      response: { 200: importListResponseSchema, ...readErrorResponses },
    },
    handler: (request) => findCustomerImports(request.org, request.query),
  });

  r.get('/:id/', {
    schema: {
      tags: ['imports'],
      summary: 'Get one import: its header, preview, suggested mapping and progress',
      params: importIdParamsSchema,
      response: { 200: customerImportSchema, ...readErrorResponses },
    },
    handler: (request) => getCustomerImport(request.org, request.params.id),
  });

  r.delete('/:id/', {
    schema: {
      tags: ['imports'],
      summary: 'Discard an import that was never started, with its stored rows (204); a started one is a 409',
      params: importIdParamsSchema,
      response: { 204: z.null().describe('Discarded'), ...writeErrorResponses },
    },
    handler: async (request, reply) => {
      await discardCustomerImport(request.org, request.params.id);
      return reply.code(204).send(null);
    },
  });

  // A POST because the mapping is a body, but it changes nothing: no Idempotency-Key needed.
  r.post('/:id/check', {
    schema: {
      tags: ['imports'],
      summary: 'Count the rows a mapping would import and refuse, reading every row as the import will, without importing',
      params: importIdParamsSchema,
      body: importStartSchema,
      response: { 200: importCheckSchema, ...readErrorResponses },
    },
    handler: (request) => checkCustomerImport(request.org, request.params.id, request.body),
  });

  r.post('/:id/start', {
    schema: {
      tags: ['imports'],
      summary: 'Start importing an uploaded file with a column mapping; runs in the background (202)',
      headers: idempotencyHeadersSchema,
      params: importIdParamsSchema,
      body: importStartSchema,
      response: { 202: customerImportSchema, ...writeErrorResponses },
    },
    handler: async (request, reply) => {
      const started = await idempotentWrite(request, reply, async (org) => ({
        status: 202,
        body: await startCustomerImport(org, request.params.id, request.body),
      }));
      // After the commit, so the job never finds the import unstarted. A replayed retry sends it
      // again, which the queue ignores while one is waiting: that also recovers a lost send.
      await imports.runImportsOf(request.org.orgId);
      return started;
    },
  });

  r.get('/:id/rejected/', {
    schema: {
      tags: ['imports'],
      summary: 'The rows an import refused, in file order, with reasons',
      params: importIdParamsSchema,
      querystring: pageQuerySchema,
      response: { 200: rejectedRowListResponseSchema, ...readErrorResponses },
    },
    handler: (request) => findRejectedRows(request.org, request.params.id, request.query),
  });

  r.get('/:id/rejected.csv', {
    schema: {
      tags: ['imports'],
      summary: 'The refused rows as CSV (streamed), to fix and import again',
      params: importIdParamsSchema,
      produces: ['text/csv'],
      response: { 200: rejectedRowsCsvSchema, ...readErrorResponses },
    },
    handler: async (request, reply) => {
      const { filename, chunks } = await exportRejectedRowsCsv(request.org, request.params.id);
      // The typed reply accepts the documented string body; a stream of it is what is sent.
      const streaming = reply as FastifyReply;
      return streaming
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachmentDisposition(filename))
        .header('cache-control', 'no-store')
        .send(Readable.from(chunks));
    },
  });
};

export const importsRoutes = defineRoutes({ prefix: '/imports', needs: ({ queues }) => ({ imports: queues.imports }), plugin: importsPlugin });
