import {
  idempotencyHeadersSchema,
  invoiceCreateSchema,
  invoiceIdParamsSchema,
  invoiceListQuerySchema,
  invoiceListResponseSchema,
  invoiceSchema,
  invoiceUpdateSchema,
} from '@receivables/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { readErrorResponses, writeErrorResponses } from '../../plugins/error-handler';
import { idempotentWrite } from '../../plugins/idempotency';
import { defineRoutes } from '../../plugins/route-definition';

import { createInvoice } from './create-invoice';
import { findInvoices } from './find-invoices';
import { updateInvoice } from './update-invoice';

const invoicesPlugin: FastifyPluginAsyncZod = async (r) => {
  r.get('/', {
    prefixTrailingSlash: 'slash',
    schema: {
      tags: ['invoices'],
      summary: 'List a customer’s invoices (open first, then by due date)',
      querystring: invoiceListQuerySchema,
      response: { 200: invoiceListResponseSchema, ...readErrorResponses },
    },
    handler: (request) => findInvoices(request.org, request.query),
  });

  r.post('/', {
    prefixTrailingSlash: 'slash',
    schema: {
      tags: ['invoices'],
      summary: 'Create an invoice, or upsert it by external_id (200 updated, 201 created)',
      headers: idempotencyHeadersSchema,
      body: invoiceCreateSchema,
      response: { 200: invoiceSchema, 201: invoiceSchema, ...writeErrorResponses },
    },
    handler: (request, reply) =>
      idempotentWrite(request, reply, async (org) => {
        const { invoice, created } = await createInvoice(org, request.body);
        return { status: created ? 201 : 200, body: invoice };
      }),
  });

  r.put('/:id/', {
    schema: {
      tags: ['invoices'],
      summary: 'Mark paid, void, uncollectible or open; change amount, due date or payment link',
      headers: idempotencyHeadersSchema,
      params: invoiceIdParamsSchema,
      body: invoiceUpdateSchema,
      response: { 200: invoiceSchema, ...writeErrorResponses },
    },
    handler: (request, reply) =>
      idempotentWrite(request, reply, async (org) => ({
        status: 200,
        body: await updateInvoice(org, request.params.id, request.body),
      })),
  });
};

export const invoicesRoutes = defineRoutes({ prefix: '/invoices', plugin: invoicesPlugin });
