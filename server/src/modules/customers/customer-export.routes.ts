import { Readable } from 'node:stream';

import { customerExportCsvSchema, customerExportQuerySchema } from '@receivables/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import type { Db } from '../../db/client';
import { requirePrincipal } from '../../plugins/auth';
import { readErrorResponses } from '../../plugins/error-handler';

import { exportCustomersCsv } from './export-customers-csv';

/** `GET /api/customers/export.csv`: the filtered list as a streamed CSV download. */
export function customerExportRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/customers/export.csv', {
    schema: {
      tags: ['customers'],
      summary: 'Export the filtered customer list as CSV (streamed)',
      querystring: customerExportQuerySchema,
      produces: ['text/csv'],
      response: { 200: customerExportCsvSchema, ...readErrorResponses },
    },
    handler: async (request, reply) => {
      const { today, chunks } = await exportCustomersCsv({ db: deps.db, orgId: requirePrincipal(request).orgId }, request.query);
      // The typed reply accepts the documented string body; a stream of it is what is sent.
      const streaming = reply as FastifyReply;
      return streaming
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="customers-${today}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(chunks));
    },
  });
}
