import { Readable } from 'node:stream';

import { auditExportCsvSchema, auditExportQuerySchema, auditFacetsSchema, auditListQuerySchema, auditListResponseSchema } from '@receivables/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { readErrorResponses } from '../../plugins/error-handler';
import { defineRoutes } from '../../plugins/route-definition';

import { exportAuditCsv } from './export-audit-csv';
import { findAuditEntries } from './find-audit-entries';
import { findAuditFacets } from './find-audit-facets';

/** The audit log (decision 0027): every write's who, what and when, for any member to read. */
const auditPlugin: FastifyPluginAsyncZod = async (r) => {
  r.get('/', {
    prefixTrailingSlash: 'slash',
    schema: {
      tags: ['audit'],
      summary: 'The audit log, newest first, a keyset page at a time, by person, action, entity, customer and days',
      querystring: auditListQuerySchema,
      response: { 200: auditListResponseSchema, ...readErrorResponses },
    },
    handler: (request) => findAuditEntries(request.org, request.query),
  });

  r.get('/facets', {
    schema: {
      tags: ['audit'],
      summary: 'What the audit log’s filters can offer: the people and the action families in it',
      response: { 200: auditFacetsSchema, ...readErrorResponses },
    },
    handler: (request) => findAuditFacets(request.org),
  });

  r.get('/export.csv', {
    schema: {
      tags: ['audit'],
      summary: 'Export the filtered audit log as CSV (streamed), newest first',
      querystring: auditExportQuerySchema,
      produces: ['text/csv'],
      response: { 200: auditExportCsvSchema, ...readErrorResponses },
    },
    handler: async (request, reply) => {
      const { today, chunks } = await exportAuditCsv(request.org, request.query);
      // The typed reply accepts the documented string body; a stream of it is what is sent.
      const streaming = reply as FastifyReply;
      return streaming
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${today}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(chunks));
    },
  });
};

export const auditRoutes = defineRoutes({ prefix: '/audit', plugin: auditPlugin });
