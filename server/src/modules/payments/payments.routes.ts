import {
  customerIdParamsSchema,
  idempotencyHeadersSchema,
  pageQuerySchema,
  paymentCreateSchema,
  paymentListResponseSchema,
  paymentSchema,
} from '@receivables/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { readErrorResponses, writeErrorResponses } from '../../plugins/error-handler';
import { idempotentWrite } from '../../plugins/idempotency';
import { defineRoutes } from '../../plugins/route-definition';

import { createPayment } from './create-payment';
import { findPayments } from './find-payments';

/** A customer's payments, under /api/customers. */
const customerPaymentsPlugin: FastifyPluginAsyncZod = async (r) => {
  r.get('/:id/payments/', {
    schema: {
      tags: ['payments'],
      summary: 'List a customer’s payments, newest first',
      params: customerIdParamsSchema,
      querystring: pageQuerySchema,
      response: { 200: paymentListResponseSchema, ...readErrorResponses },
    },
    handler: (request) => findPayments(request.org, request.params.id, request.query),
  });
};

/** Recording payments, under /api/payments. */
const paymentsPlugin: FastifyPluginAsyncZod = async (r) => {
  r.post('/', {
    prefixTrailingSlash: 'slash',
    schema: {
      tags: ['payments'],
      summary: 'Record a payment, against an invoice or on account',
      description:
        'Without `invoice_id`, a payment on account: allocated to the customer’s open invoices oldest due first, the rest kept as the customer’s `credit` (decision 0037). `paid_at` may not be a later day than the organisation’s today (422 on `paid_at`).',
      headers: idempotencyHeadersSchema,
      body: paymentCreateSchema,
      response: { 201: paymentSchema, ...writeErrorResponses },
    },
    handler: (request, reply) =>
      idempotentWrite(request, reply, async (org) => ({
        status: 201,
        body: await createPayment(org, request.body),
      })),
  });
};

export const customerPaymentsRoutes = defineRoutes({ prefix: '/customers', plugin: customerPaymentsPlugin });
export const paymentsRoutes = defineRoutes({ prefix: '/payments', plugin: paymentsPlugin });
