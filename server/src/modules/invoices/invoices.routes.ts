import {
  idempotencyHeadersSchema,
  invoiceCreateSchema,
  invoiceIdParamsSchema,
  invoiceListQuerySchema,
  invoiceListResponseSchema,
  invoiceSchema,
  invoiceUpdateSchema,
} from '@receivables/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import type { Db } from '../../db/client';
import { requirePrincipal, writerOf } from '../../plugins/auth';
import { readErrorResponses, writeErrorResponses } from '../../plugins/error-handler';
import { idempotentWrite } from '../../plugins/idempotency';

import { createInvoice } from './create-invoice';
import { findInvoices } from './find-invoices';
import { updateInvoice } from './update-invoice';

export function invoicesRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/invoices/', {
    schema: {
      tags: ['invoices'],
      summary: 'List a customer’s invoices (open first, then by due date)',
      querystring: invoiceListQuerySchema,
      response: { 200: invoiceListResponseSchema, ...readErrorResponses },
    },
    handler: (request) => findInvoices({ db: deps.db, orgId: requirePrincipal(request).orgId }, request.query),
  });

  r.post('/api/invoices/', {
    schema: {
      tags: ['invoices'],
      summary: 'Create an invoice, or upsert it by external_id (200 updated, 201 created)',
      headers: idempotencyHeadersSchema,
      body: invoiceCreateSchema,
      response: { 200: invoiceSchema, 201: invoiceSchema, ...writeErrorResponses },
    },
    handler: (request, reply) =>
      idempotentWrite(deps.db, request, reply, async (db) => {
        const { invoice, created } = await createInvoice({ db, ...writerOf(request) }, request.body);
        return { status: created ? 201 : 200, body: invoice };
      }),
  });

  r.put('/api/invoices/:id/', {
    schema: {
      tags: ['invoices'],
      summary: 'Mark paid, void, uncollectible or open; change amount, due date or payment link',
      headers: idempotencyHeadersSchema,
      params: invoiceIdParamsSchema,
      body: invoiceUpdateSchema,
      response: { 200: invoiceSchema, ...writeErrorResponses },
    },
    handler: (request, reply) =>
      idempotentWrite(deps.db, request, reply, async (db) => ({
        status: 200,
        body: await updateInvoice({ db, ...writerOf(request) }, request.params.id, request.body),
      })),
  });
}
