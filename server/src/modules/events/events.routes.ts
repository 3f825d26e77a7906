import { eventDetailSchema, eventIdParamsSchema, eventListQuerySchema, eventListResponseSchema, eventRowSchema, idempotencyHeadersSchema } from '@receivables/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { readErrorResponses, writeErrorResponses } from '../../plugins/error-handler';
import { idempotentWrite } from '../../plugins/idempotency';
import { defineRoutes } from '../../plugins/route-definition';

import { cancelEvent } from './cancel-event';
import { findEvents } from './find-events';
import { getEvent } from './get-event';

/** Activity: the emails planned, sent and received (docs/decisions/0018-scheduler-and-events.md, Reading events). */
const eventsPlugin: FastifyPluginAsyncZod<{ instanceSmtpUrl: string | undefined }> = async (r, options) => {
  r.get('/', {
    prefixTrailingSlash: 'slash',
    schema: {
      tags: ['events'],
      summary: 'List emails planned, sent and received, newest first, by tab, customer, status and days',
      querystring: eventListQuerySchema,
      response: { 200: eventListResponseSchema, ...readErrorResponses },
    },
    handler: (request) => findEvents(request.org, request.query),
  });

  r.get('/:id/', {
    schema: {
      tags: ['events'],
      summary: 'One email as the customer sees it (a planned one rendered from the figures of the day it goes) and its history',
      params: eventIdParamsSchema,
      response: { 200: eventDetailSchema, ...readErrorResponses },
    },
    handler: (request) => getEvent({ ...request.org, instanceSmtpUrl: options.instanceSmtpUrl }, request.params.id),
  });

  r.post('/:id/cancel/', {
    schema: {
      tags: ['events'],
      summary: 'Cancel a planned email: it is superseded and never sent; anything but a planned email is a 409',
      headers: idempotencyHeadersSchema,
      params: eventIdParamsSchema,
      response: { 200: eventRowSchema, ...writeErrorResponses },
    },
    handler: (request, reply) =>
      idempotentWrite(request, reply, async (org) => ({ status: 200, body: await cancelEvent(org, request.params.id) })),
  });
};

export const eventsRoutes = defineRoutes({ prefix: '/events', needs: ({ mail }) => ({ instanceSmtpUrl: mail.instanceSmtpUrl }), plugin: eventsPlugin });
