import { customerIdParamsSchema, pageQuerySchema, timelineResponseSchema } from '@receivables/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import type { Db } from '../../db/client';
import { requirePrincipal } from '../../plugins/auth';
import { readErrorResponses } from '../../plugins/error-handler';

import { findTimeline } from './find-timeline';

export function timelineRoutes(app: FastifyInstance, deps: { db: Db }): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/customers/:id/timeline', {
    schema: {
      tags: ['customers'],
      summary: 'A customer’s timeline: transitions, payments, invoices and edits, newest first',
      params: customerIdParamsSchema,
      querystring: pageQuerySchema,
      response: { 200: timelineResponseSchema, ...readErrorResponses },
    },
    handler: (request) => findTimeline({ db: deps.db, orgId: requirePrincipal(request).orgId }, request.params.id, request.query),
  });
}
