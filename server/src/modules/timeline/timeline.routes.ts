import { customerIdParamsSchema, pageQuerySchema, timelineResponseSchema } from '@receivables/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { readErrorResponses } from '../../plugins/error-handler';
import { defineRoutes } from '../../plugins/route-definition';

import { findTimeline } from './find-timeline';

const timelinePlugin: FastifyPluginAsyncZod = async (r) => {
  r.get('/:id/timeline', {
    schema: {
      tags: ['customers'],
      summary: 'A customer’s timeline: transitions, payments, invoices, edits and emails, newest first',
      params: customerIdParamsSchema,
      querystring: pageQuerySchema,
      response: { 200: timelineResponseSchema, ...readErrorResponses },
    },
    handler: (request) => findTimeline(request.org, request.params.id, request.query),
  });
};

export const timelineRoutes = defineRoutes({ prefix: '/customers', plugin: timelinePlugin });
