import {
  customerIdParamsSchema,
  idempotencyHeadersSchema,
  pageQuerySchema,
  paymentCreateSchema,
  paymentListResponseSchema,
  paymentSchema,
} from '@receivables/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import type { Db } from '../../db/client';
import { requirePrincipal, writerOf } from '../../plugins/auth';
import { readErrorResponses, writeErrorResponses } from '../../plugins/error-handler';
import { idempotentWrite } from '../../plugins/idempotency';

import { createPayment } from './create-payment';
import { findPayments } from './find-payments';

export function paymentsRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/customers/:id/payments/', {
    schema: {
      tags: ['payments'],
      summary: 'List a customer’s payments, newest first',
      params: customerIdParamsSchema,
      querystring: pageQuerySchema,
      response: { 200: paymentListResponseSchema, ...readErrorResponses },
    },
    handler: (request) => findPayments({ db: deps.db, orgId: requirePrincipal(request).orgId }, request.params.id, request.query),
  });

  r.post('/api/payments/', {
    schema: {
      tags: ['payments'],
      summary: 'Record a payment, optionally against an invoice',
      headers: idempotencyHeadersSchema,
      body: paymentCreateSchema,
      response: { 201: paymentSchema, ...writeErrorResponses },
    },
    handler: (request, reply) =>
      idempotentWrite(deps.db, request, reply, async (db) => ({
        status: 201,
        body: await createPayment({ db, ...writerOf(request) }, request.body),
      })),
  });
}
