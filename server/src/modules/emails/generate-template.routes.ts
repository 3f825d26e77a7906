import { generatedTemplateSchema, generateTemplateQuerySchema } from '@receivables/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { readErrorResponses } from '../../plugins/error-handler';
import { defineRoutes } from '../../plugins/route-definition';

import { generateTemplate } from './phrases/generate-template';

/** `POST /api/generate-template/?tone=&kind=`: a subject and body from the product's own phrase library. */
const generateTemplatePlugin: FastifyPluginAsyncZod = async (r) => {
  r.post('/', {
    prefixTrailingSlash: 'slash',
    schema: {
      tags: ['emails'],
      summary: 'Write a template in a tone, for a reminder or an escalation',
      querystring: generateTemplateQuerySchema,
      response: { 200: generatedTemplateSchema, ...readErrorResponses },
    },
    handler: (request) => generateTemplate(request.query.tone, request.query.kind),
  });
};

export const generateTemplateRoutes = defineRoutes({ prefix: '/generate-template', plugin: generateTemplatePlugin });
