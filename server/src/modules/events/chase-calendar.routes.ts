import { chaseCalendarQuerySchema, chaseCalendarSchema } from '@receivables/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { readErrorResponses } from '../../plugins/error-handler';
import { defineRoutes } from '../../plugins/route-definition';

import { findChaseCalendar } from './find-chase-calendar';

/**
 * `GET /api/workflows/calendar/`, mounted under `/workflows` beside the workflows' own routes: a
 * static segment, so the router prefers it to any `/:id/` route there, whatever the order.
 */
const chaseCalendarPlugin: FastifyPluginAsyncZod = async (r) => {
  r.get('/calendar/', {
    schema: {
      tags: ['workflows'],
      summary: 'The planned emails of the next days (14 by default), per day and per workflow, from the organisation’s today',
      querystring: chaseCalendarQuerySchema,
      response: { 200: chaseCalendarSchema, ...readErrorResponses },
    },
    handler: (request) => findChaseCalendar(request.org, request.query.days),
  });
};

export const chaseCalendarRoutes = defineRoutes({ prefix: '/workflows', plugin: chaseCalendarPlugin });
