import { customerIdParamsSchema, pageQuerySchema, timelineResponseSchema } from '@receivables/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { readErrorResponses } from '../../plugins/error-handler';

import { findTimeline } from './find-timeline';

export const timelineRoutes: FastifyPluginAsyncZod = async (r) => {
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
