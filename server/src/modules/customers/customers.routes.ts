import {
  customerCreateSchema,
  customerIdParamsSchema,
  customerListQuerySchema,
  customerListResponseSchema,
  customerSchema,
  customerUpdateSchema,
  idempotencyHeadersSchema,
} from '@receivables/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import type { Db } from '../../db/client';
import { requirePrincipal, writerOf } from '../../plugins/auth';
import { readErrorResponses, writeErrorResponses } from '../../plugins/error-handler';
import { idempotentWrite } from '../../plugins/idempotency';

import { createCustomer } from './create-customer';
import { findCustomers } from './find-customers';
import { getCustomer } from './get-customer';
import { updateCustomer } from './update-customer';

export function customersRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/customers/', {
    schema: {
      tags: ['customers'],
      summary: 'List customers',
      querystring: customerListQuerySchema,
      response: { 200: customerListResponseSchema, ...readErrorResponses },
    },
    handler: (request) => findCustomers({ db: deps.db, orgId: requirePrincipal(request).orgId }, request.query),
  });

  r.get('/api/customers/:id/', {
    schema: {
      tags: ['customers'],
      summary: 'Get one customer',
      params: customerIdParamsSchema,
      response: { 200: customerSchema, ...readErrorResponses },
    },
    handler: (request) => getCustomer({ db: deps.db, orgId: requirePrincipal(request).orgId }, request.params.id),
  });

  r.post('/api/customers/', {
    schema: {
      tags: ['customers'],
      summary: 'Create a customer (with its primary contact)',
      headers: idempotencyHeadersSchema,
      body: customerCreateSchema,
      response: { 201: customerSchema, ...writeErrorResponses },
    },
    handler: (request, reply) =>
      idempotentWrite(deps.db, request, reply, async (db) => ({
        status: 201,
        body: await createCustomer({ db, ...writerOf(request) }, request.body),
      })),
  });

  r.put('/api/customers/:id/', {
    schema: {
      tags: ['customers'],
      summary: 'Change a customer’s name, currency or workflow',
      headers: idempotencyHeadersSchema,
      params: customerIdParamsSchema,
      body: customerUpdateSchema,
      response: { 200: customerSchema, ...writeErrorResponses },
    },
    handler: (request, reply) =>
      idempotentWrite(deps.db, request, reply, async (db) => ({
        status: 200,
        body: await updateCustomer({ db, ...writerOf(request) }, request.params.id, request.body),
      })),
  });
}
