import {
  customerIdParamsSchema,
  customerListQuerySchema,
  customerListResponseSchema,
  customerSchema,
  errorBodySchema,
} from '@receivables/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import type { Db } from '../../db/client';
import { requirePrincipal } from '../../plugins/auth';

import { findCustomers } from './find-customers';
import { getCustomer } from './get-customer';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

export function customersRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/customers/', {
    schema: {
      tags: ['customers'],
      summary: 'List customers',
      querystring: customerListQuerySchema,
      response: { 200: customerListResponseSchema, ...errors },
    },
    handler: (request) => findCustomers({ db: deps.db, orgId: requirePrincipal(request).orgId }, request.query),
  });

  r.get('/api/customers/:id/', {
    schema: {
      tags: ['customers'],
      summary: 'Get one customer',
      params: customerIdParamsSchema,
      response: { 200: customerSchema, ...errors },
    },
    handler: (request) => getCustomer({ db: deps.db, orgId: requirePrincipal(request).orgId }, request.params.id),
  });
}
