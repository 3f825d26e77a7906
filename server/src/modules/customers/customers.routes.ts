import {
  customerCreateSchema,
  customerIdParamsSchema,
  customerListQuerySchema,
  customerListResponseSchema,
  customerDetailSchema,
  customerUpdateSchema,
  idempotencyHeadersSchema,
  overdueSummarySchema,
} from '@receivables/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { readErrorResponses, writeErrorResponses } from '../../plugins/error-handler';
import { idempotentWrite } from '../../plugins/idempotency';
import { defineRoutes } from '../../plugins/route-definition';

import { createCustomer } from './create-customer';
import { findCustomers } from './find-customers';
import { getCustomer } from './get-customer';
import { getOverdueSummary } from './get-overdue-summary';
import { updateCustomer } from './update-customer';

const customersPlugin: FastifyPluginAsyncZod = async (r) => {
  r.get('/', {
    prefixTrailingSlash: 'slash',
    schema: {
      tags: ['customers'],
      summary: 'List customers',
      querystring: customerListQuerySchema,
      response: { 200: customerListResponseSchema, ...readErrorResponses },
    },
    handler: (request) => findCustomers(request.org, request.query),
  });

  r.get('/overdue-summary', {
    schema: {
      tags: ['customers'],
      summary: 'What is overdue: the total per currency (never added across currencies) and how many customers owe any',
      response: { 200: overdueSummarySchema, ...readErrorResponses },
    },
    handler: (request) => getOverdueSummary(request.org),
  });

  r.get('/:id/', {
    schema: {
      tags: ['customers'],
      summary: 'Get one customer',
      params: customerIdParamsSchema,
      response: { 200: customerDetailSchema, ...readErrorResponses },
    },
    handler: (request) => getCustomer(request.org, request.params.id),
  });

  r.post('/', {
    prefixTrailingSlash: 'slash',
    schema: {
      tags: ['customers'],
      summary: 'Create a customer (with its primary contact)',
      headers: idempotencyHeadersSchema,
      body: customerCreateSchema,
      response: { 201: customerDetailSchema, ...writeErrorResponses },
    },
    handler: (request, reply) =>
      idempotentWrite(request, reply, async (org) => ({
        status: 201,
        body: await createCustomer(org, request.body),
      })),
  });

  r.put('/:id/', {
    schema: {
      tags: ['customers'],
      summary: 'Change a customer’s name, currency or workflow',
      headers: idempotencyHeadersSchema,
      params: customerIdParamsSchema,
      body: customerUpdateSchema,
      response: { 200: customerDetailSchema, ...writeErrorResponses },
    },
    handler: (request, reply) =>
      idempotentWrite(request, reply, async (org) => ({
        status: 200,
        body: await updateCustomer(org, request.params.id, request.body),
      })),
  });
};

export const customersRoutes = defineRoutes({ prefix: '/customers', plugin: customersPlugin });
