import { idempotencyHeadersSchema, tagCreateSchema, tagListResponseSchema, tagSchema } from '@receivables/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { readErrorResponses, writeErrorResponses } from '../../plugins/error-handler';
import { idempotentWrite } from '../../plugins/idempotency';
import { defineRoutes } from '../../plugins/route-definition';

import { createTag } from './create-tag';
import { findTags } from './find-tags';

const tagsPlugin: FastifyPluginAsyncZod = async (r) => {
  r.get('/', {
    schema: { tags: ['tags'], summary: 'List the organisation’s tags', response: { 200: tagListResponseSchema, ...readErrorResponses } },
    handler: (request) => findTags(request.org),
  });

  r.post('/', {
    schema: {
      tags: ['tags'],
      summary: 'Create a tag',
      headers: idempotencyHeadersSchema,
      body: tagCreateSchema,
      response: { 201: tagSchema, ...writeErrorResponses },
    },
    handler: (request, reply) =>
      idempotentWrite(request, reply, async (org) => ({
        status: 201,
        body: await createTag(org, request.body),
      })),
  });
};

export const tagsRoutes = defineRoutes({ prefix: '/tags', plugin: tagsPlugin });
