import {
  idempotencyHeadersSchema,
  workflowActionSchema,
  workflowActionWriteSchema,
  workflowCreateSchema,
  workflowDeleteQuerySchema,
  workflowIdParamsSchema,
  workflowListResponseSchema,
  workflowPreviewParamsSchema,
  workflowPreviewSchema,
  workflowSchema,
  workflowUpdateSchema,
} from '@receivables/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { withOrg } from '../../db/client';
import { type SchedulingQueue, thenSchedule } from '../../org/scheduling-queue';
import { readErrorResponses, writeErrorResponses } from '../../plugins/error-handler';
import { idempotentWrite } from '../../plugins/idempotency';
import { PREVIEW_RATE_LIMIT, registerOrgRateLimit } from '../../plugins/org-rate-limit';
import { defineRoutes } from '../../plugins/route-definition';

import { createWorkflow } from './create-workflow';
import { deleteWorkflow } from './delete-workflow';
import { deleteWorkflowAction } from './delete-workflow-action';
import { previewWorkflow } from './preview-workflow';
import { saveWorkflowAction } from './save-workflow-action';
import { updateWorkflow } from './update-workflow';
import { requireAction, selectWorkflows } from './workflow-records';

/**
 * Workflows and their steps, with the paths of docs/product.md (the API calls). A change that can
 * move customers' plans (a step added, edited or removed; a workflow enabled, disabled, made the
 * default or deleted) asks for the organisation's scheduling pass once it is committed: it may
 * touch every customer, so it runs in the background rather than in the request (decision 0018).
 */
const workflowsPlugin: FastifyPluginAsyncZod<{ scheduling: SchedulingQueue }> = async (r, { scheduling }) => {
  r.get('/', {
    prefixTrailingSlash: 'slash',
    schema: {
      tags: ['workflows'],
      summary: 'List workflows with their steps in order',
      response: { 200: workflowListResponseSchema, ...readErrorResponses },
    },
    handler: async (request) => {
      const rows = await withOrg(request.org.db, request.org.orgId, (tx) => selectWorkflows(tx, request.org.orgId));
      return { rows, total: rows.length };
    },
  });

  r.post('/', {
    prefixTrailingSlash: 'slash',
    schema: {
      tags: ['workflows'],
      summary: 'Create a workflow, empty or as a copy of another',
      headers: idempotencyHeadersSchema,
      body: workflowCreateSchema,
      response: { 201: workflowSchema, ...writeErrorResponses },
    },
    handler: (request, reply) =>
      idempotentWrite(request, reply, async (org) => ({ status: 201, body: await createWorkflow(org, request.body) })),
  });

  r.put('/', {
    prefixTrailingSlash: 'slash',
    schema: {
      tags: ['workflows'],
      summary: 'Rename, enable or disable, make default, or reorder a workflow’s steps',
      headers: idempotencyHeadersSchema,
      body: workflowUpdateSchema,
      response: { 200: workflowSchema, ...writeErrorResponses },
    },
    handler: (request, reply) =>
      idempotentWrite(request, reply, async (org) => ({ status: 200, body: await updateWorkflow(org, request.body) }))
        .then(thenSchedule(scheduling, request.org.orgId)),
  });

  r.delete('/:id/', {
    schema: {
      tags: ['workflows'],
      summary: 'Delete a workflow; its customers move to reassign_to, or to the default',
      params: workflowIdParamsSchema,
      querystring: workflowDeleteQuerySchema,
      response: { 204: z.null(), ...writeErrorResponses },
    },
    handler: async (request, reply) => {
      await deleteWorkflow(request.org, request.params.id, request.query.reassign_to);
      await scheduling.scheduleOrganisation(request.org.orgId);
      return reply.code(204).send(null);
    },
  });

  r.post('/action/', {
    schema: {
      tags: ['workflows'],
      summary: 'Add a step to a workflow (no id) or change one (with its id)',
      headers: idempotencyHeadersSchema,
      body: workflowActionWriteSchema,
      response: { 200: workflowActionSchema, 201: workflowActionSchema, ...writeErrorResponses },
    },
    handler: (request, reply) =>
      idempotentWrite(request, reply, async (org) => {
        const { created, action } = await saveWorkflowAction(org, request.body);
        return { status: created ? 201 : 200, body: action };
      }).then(thenSchedule(scheduling, request.org.orgId)),
  });

  r.get('/action/:id/', {
    schema: {
      tags: ['workflows'],
      summary: 'One workflow step',
      params: workflowIdParamsSchema,
      response: { 200: workflowActionSchema, ...readErrorResponses },
    },
    handler: (request) => withOrg(request.org.db, request.org.orgId, (tx) => requireAction(tx, request.org.orgId, request.params.id)),
  });

  r.delete('/action/:id/', {
    schema: {
      tags: ['workflows'],
      summary: 'Remove a workflow step',
      params: workflowIdParamsSchema,
      response: { 204: z.null(), ...writeErrorResponses },
    },
    handler: async (request, reply) => {
      await deleteWorkflowAction(request.org, request.params.id);
      await scheduling.scheduleOrganisation(request.org.orgId);
      return reply.code(204).send(null);
    },
  });

  await registerOrgRateLimit(r);
  r.post('/:workflowId/preview/:customerId/', {
    config: { rateLimit: PREVIEW_RATE_LIMIT },
    schema: {
      tags: ['workflows'],
      summary: 'What this workflow would send this customer from now, fully rendered; creates nothing',
      params: workflowPreviewParamsSchema,
      response: { 200: workflowPreviewSchema, ...readErrorResponses },
    },
    handler: (request) => previewWorkflow(request.org, request.params.workflowId, request.params.customerId),
  });
};

export const workflowsRoutes = defineRoutes({ prefix: '/workflows', needs: ({ queues }) => ({ scheduling: queues.scheduling }), plugin: workflowsPlugin });
