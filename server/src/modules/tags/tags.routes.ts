import { idempotencyHeadersSchema, tagCreateSchema, tagListResponseSchema, tagSchema } from '@receivables/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import type { Db } from '../../db/client';
import { requirePrincipal, writerOf } from '../../plugins/auth';
import { readErrorResponses, writeErrorResponses } from '../../plugins/error-handler';
import { idempotentWrite } from '../../plugins/idempotency';

import { createTag } from './create-tag';
import { findTags } from './find-tags';

export function tagsRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/tags', {
    schema: { tags: ['tags'], summary: 'List the organisation’s tags', response: { 200: tagListResponseSchema, ...readErrorResponses } },
    handler: (request) => findTags({ db: deps.db, orgId: requirePrincipal(request).orgId }),
  });

  r.post('/api/tags', {
    schema: {
      tags: ['tags'],
      summary: 'Create a tag',
      headers: idempotencyHeadersSchema,
      body: tagCreateSchema,
      response: { 201: tagSchema, ...writeErrorResponses },
    },
    handler: (request, reply) =>
      idempotentWrite(deps.db, request, reply, async (db) => ({
        status: 201,
        body: await createTag({ db, ...writerOf(request) }, request.body),
      })),
  });
}
