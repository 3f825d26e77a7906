import {
  eventBulkJobParamsSchema,
  eventBulkJobSchema,
  eventBulkRequestSchema,
  idempotencyHeadersSchema,
  isCustomerBulkJobRunning,
} from '@receivables/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { BulkJobQueue } from '../../org/bulk-job-queue';
import { readErrorResponses, writeErrorResponses } from '../../plugins/error-handler';
import { idempotentWrite } from '../../plugins/idempotency';
import { defineRoutes } from '../../plugins/route-definition';
import type { MailDeps } from '../mail/mail-deps';

import { getEventBulkJob } from './get-event-bulk-job';
import { startEventBulkJob } from './start-event-bulk-job';

/**
 * `POST /api/events/bulk`: Send now or Cancel over the planned emails chosen on Activity, as a
 * background job (decision 0045) whose progress `GET /api/events/bulk/{jobId}` reads.
 */
const eventBulkPlugin: FastifyPluginAsyncZod<{ bulk: BulkJobQueue; mail: MailDeps }> = async (r, { bulk, mail }) => {
  r.post('/bulk', {
    schema: {
      tags: ['events'],
      summary:
        'Send now or cancel up to 500 named emails in the background (202: the job, read with GET /api/events/bulk/{jobId}); ' +
        'each goes as Send now or Cancel on one would, and one no longer planned when its turn comes is skipped',
      headers: idempotencyHeadersSchema,
      body: eventBulkRequestSchema,
      response: { 202: eventBulkJobSchema, ...writeErrorResponses },
    },
    handler: async (request, reply) => {
      const job = await idempotentWrite(request, reply, async (org) => ({
        status: 202,
        body: await startEventBulkJob({ ...org, actorId: request.org.actorId, sending: mail }, request.body),
      }));
      // After the commit, so the job never finds it missing; a replayed retry sends it again, harmlessly.
      if (isCustomerBulkJobRunning(job)) await bulk.runBulkJobsOf(request.org.orgId);
      void reply.header('location', `/api/events/bulk/${job.id}`);
      return job;
    },
  });

  r.get('/bulk/:jobId', {
    schema: {
      tags: ['events'],
      summary: 'A bulk Send now or Cancel: its status and how many emails are done, acted on and skipped so far',
      params: eventBulkJobParamsSchema,
      response: { 200: eventBulkJobSchema, ...readErrorResponses },
    },
    handler: (request) => getEventBulkJob(request.org, request.params.jobId),
  });
};

export const eventBulkRoutes = defineRoutes({
  prefix: '/events',
  needs: ({ queues, mail }) => ({ bulk: queues.eventBulk, mail }),
  plugin: eventBulkPlugin,
});
