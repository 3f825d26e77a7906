import { customerBulkActionSchema, customerBulkResultSchema, idempotencyHeadersSchema } from '@receivables/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { writeErrorResponses } from '../../plugins/error-handler';
import { idempotentWrite } from '../../plugins/idempotency';

import { applyCustomerBulkAction } from './apply-customer-bulk-action';

/** `POST /api/customers/bulk`: the list's multi-select actions. */
export const customerBulkRoutes: FastifyPluginAsyncZod = async (r) => {
  r.post('/bulk', {
    schema: {
      tags: ['customers'],
      summary: 'Tag, untag, pause, resume or assign a workflow to up to 1,000 named customers, or to every customer the list’s search and filters match',
      headers: idempotencyHeadersSchema,
      body: customerBulkActionSchema,
      response: { 200: customerBulkResultSchema, ...writeErrorResponses },
    },
    handler: (request, reply) =>
      idempotentWrite(request, reply, async (org) => ({
        status: 200,
        body: await applyCustomerBulkAction(org, request.body),
      })),
  });
};
