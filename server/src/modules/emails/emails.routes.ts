import {
  emailTemplateIdParamsSchema,
  emailTemplateListResponseSchema,
  emailTemplatePreviewRequestSchema,
  emailTemplatePreviewSchema,
  emailTemplateSchema,
  emailTemplateWriteSchema,
  idempotencyHeadersSchema,
} from '@receivables/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { readErrorResponses, writeErrorResponses } from '../../plugins/error-handler';
import { idempotentWrite } from '../../plugins/idempotency';
import { PREVIEW_RATE_LIMIT, registerOrgRateLimit } from '../../plugins/org-rate-limit';
import { defineRoutes } from '../../plugins/route-definition';

import { deleteEmailTemplate } from './delete-email-template';
import { findEmailTemplates } from './find-email-templates';
import { previewEmailTemplate } from './preview-email-template';
import { createEmailTemplate, updateEmailTemplate } from './save-email-template';

/** Reminder templates ("email settings" in the API's paths, docs/product.md). */
const emailsPlugin: FastifyPluginAsyncZod = async (r) => {
  r.get('/', {
    prefixTrailingSlash: 'slash',
    schema: {
      tags: ['emails'],
      summary: 'List the organisation’s reminder templates',
      response: { 200: emailTemplateListResponseSchema, ...readErrorResponses },
    },
    handler: (request) => findEmailTemplates(request.org),
  });

  r.post('/', {
    prefixTrailingSlash: 'slash',
    schema: {
      tags: ['emails'],
      summary:
        'Create a reminder template (Liquid that does not render is a 400 naming the line and field; subject and body are required, 422, unless variation is full)',
      headers: idempotencyHeadersSchema,
      body: emailTemplateWriteSchema,
      response: { 201: emailTemplateSchema, ...writeErrorResponses },
    },
    handler: (request, reply) =>
      idempotentWrite(request, reply, async (org) => ({ status: 201, body: await createEmailTemplate(org, request.body) })),
  });

  r.put('/:id/', {
    schema: {
      tags: ['emails'],
      summary: 'Change a reminder template',
      headers: idempotencyHeadersSchema,
      params: emailTemplateIdParamsSchema,
      body: emailTemplateWriteSchema,
      response: { 200: emailTemplateSchema, ...writeErrorResponses },
    },
    handler: (request, reply) =>
      idempotentWrite(request, reply, async (org) => ({
        status: 200,
        body: await updateEmailTemplate(org, request.params.id, request.body),
      })),
  });

  r.delete('/:id', {
    schema: {
      tags: ['emails'],
      summary: 'Delete a reminder template no workflow uses (409 naming the workflows that do)',
      params: emailTemplateIdParamsSchema,
      response: { 204: z.null(), ...writeErrorResponses },
    },
    handler: async (request, reply) => {
      await deleteEmailTemplate(request.org, request.params.id);
      return reply.code(204).send(null);
    },
  });

  await registerOrgRateLimit(r);
  r.post('/preview/', {
    config: { rateLimit: PREVIEW_RATE_LIMIT },
    schema: {
      tags: ['emails'],
      summary:
        'Render a template, saved or not, for one customer exactly as they would receive it; written from the tone (full), with two or three of its wordings',
      body: emailTemplatePreviewRequestSchema,
      response: { 200: emailTemplatePreviewSchema, ...writeErrorResponses },
    },
    handler: (request) => previewEmailTemplate(request.org, request.body),
  });
};

export const emailsRoutes = defineRoutes({ prefix: '/emails', plugin: emailsPlugin });
