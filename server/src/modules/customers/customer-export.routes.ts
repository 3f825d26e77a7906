import { Readable } from 'node:stream';

import { customerExportCsvSchema, customerExportQuerySchema } from '@receivables/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { readErrorResponses } from '../../plugins/error-handler';
import { defineRoutes } from '../../plugins/route-definition';

import { exportCustomersCsv } from './export-customers-csv';

/** `GET /api/customers/export.csv`: the filtered list as a streamed CSV download. */
const customerExportPlugin: FastifyPluginAsyncZod = async (r) => {
  r.get('/export.csv', {
    schema: {
      tags: ['customers'],
      summary: 'Export the filtered customer list as CSV (streamed)',
      querystring: customerExportQuerySchema,
      produces: ['text/csv'],
      response: { 200: customerExportCsvSchema, ...readErrorResponses },
    },
    handler: async (request, reply) => {
      const { today, chunks } = await exportCustomersCsv(request.org, request.query);
      // The typed reply accepts the documented string body; a stream of it is what is sent.
      const streaming = reply as FastifyReply;
      return streaming
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="customers-${today}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(chunks));
    },
  });
};

export const customerExportRoutes = defineRoutes({ prefix: '/customers', plugin: customerExportPlugin });
