import { customerIdParamsSchema, customerPlanSchema } from '@receivables/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { readErrorResponses } from '../../plugins/error-handler';
import { defineRoutes } from '../../plugins/route-definition';

import { getCustomerPlan } from './get-customer-plan';

/** `GET /api/customers/{id}/plan/`: the customer's workflow and next planned email. */
const customerPlanPlugin: FastifyPluginAsyncZod = async (r) => {
  r.get('/:id/plan/', {
    schema: {
      tags: ['workflows'],
      summary: 'The workflow a customer follows and the next email it would send',
      params: customerIdParamsSchema,
      response: { 200: customerPlanSchema, ...readErrorResponses },
    },
    handler: (request) => getCustomerPlan(request.org, request.params.id),
  });
};

export const customerPlanRoutes = defineRoutes({ prefix: '/customers', plugin: customerPlanPlugin });
