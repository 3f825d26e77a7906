import {
  contactUpsertSchema,
  customerIdParamsSchema,
  customerPauseSchema,
  customerDetailSchema,
  customerTagsUpdateSchema,
  idempotencyHeadersSchema,
} from '@receivables/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { writeErrorResponses } from '../../plugins/error-handler';
import { idempotentWrite } from '../../plugins/idempotency';
import { defineRoutes } from '../../plugins/route-definition';

import { pauseCustomer } from './pause-customer';
import { resumeCustomer } from './resume-customer';
import { updateCustomerTags } from './update-customer-tags';
import { upsertContact } from './upsert-contact';

const common = { tags: ['customers'], headers: idempotencyHeadersSchema, params: customerIdParamsSchema };
const response = { 200: customerDetailSchema, ...writeErrorResponses };

/** The customer page's actions: contacts, tags, pause and resume. Each answers the customer. */
const customerActionsPlugin: FastifyPluginAsyncZod = async (r) => {
  r.post('/:id/contact', {
    schema: { ...common, summary: 'Create or replace the primary or escalation contact', body: contactUpsertSchema, response },
    handler: (request, reply) =>
      idempotentWrite(request, reply, async (org) => ({
        status: 200,
        body: await upsertContact(org, request.params.id, request.body),
      })),
  });

  r.put('/:id/tags', {
    schema: { ...common, summary: 'Replace the customer’s tags (new names are created)', body: customerTagsUpdateSchema, response },
    handler: (request, reply) =>
      idempotentWrite(request, reply, async (org) => ({
        status: 200,
        body: await updateCustomerTags(org, request.params.id, request.body),
      })),
  });

  r.post('/:id/pause', {
    schema: { ...common, summary: 'Pause chasing until a date or indefinitely', body: customerPauseSchema, response },
    handler: (request, reply) =>
      idempotentWrite(request, reply, async (org) => ({
        status: 200,
        body: await pauseCustomer(org, request.params.id, request.body),
      })),
  });

  r.post('/:id/resume', {
    schema: { ...common, summary: 'Resume chasing; the standing is recomputed', response },
    handler: (request, reply) =>
      idempotentWrite(request, reply, async (org) => ({
        status: 200,
        body: await resumeCustomer(org, request.params.id),
      })),
  });
};

export const customerActionsRoutes = defineRoutes({ prefix: '/customers', plugin: customerActionsPlugin });
