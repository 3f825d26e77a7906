import { toDoSchema } from '@receivables/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { readErrorResponses } from '../../plugins/error-handler';
import { defineRoutes } from '../../plugins/route-definition';

import { getToDo } from './get-to-do';

const homePlugin: FastifyPluginAsyncZod = async (r) => {
  r.get('/to-do', {
    schema: {
      tags: ['home'],
      summary: 'What needs a person today: replies to read, emails going out today and tomorrow, promises due and broken, disputes, pauses ending',
      response: { 200: toDoSchema, ...readErrorResponses },
    },
    handler: (request) => getToDo(request.org),
  });
};

export const homeRoutes = defineRoutes({ prefix: '/home', plugin: homePlugin });
