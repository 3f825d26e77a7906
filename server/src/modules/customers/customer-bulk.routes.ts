import { customerBulkActionSchema, customerBulkResultSchema, idempotencyHeadersSchema } from '@receivables/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import type { Db } from '../../db/client';
import { writerOf } from '../../plugins/auth';
import { writeErrorResponses } from '../../plugins/error-handler';
import { idempotentWrite } from '../../plugins/idempotency';

import { applyCustomerBulkAction } from './apply-customer-bulk-action';

/** `POST /api/customers/bulk`: the list's multi-select actions. */
export function customerBulkRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/customers/bulk', {
    schema: {
      tags: ['customers'],
      summary: 'Tag, untag, pause, resume or assign a workflow to up to 1,000 named customers, or to every customer the list’s search and filters match',
      headers: idempotencyHeadersSchema,
      body: customerBulkActionSchema,
      response: { 200: customerBulkResultSchema, ...writeErrorResponses },
    },
    handler: (request, reply) =>
      idempotentWrite(deps.db, request, reply, async (db) => ({
        status: 200,
        body: await applyCustomerBulkAction({ db, ...writerOf(request) }, request.body),
      })),
  });
}
