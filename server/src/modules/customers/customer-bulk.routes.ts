import {
  customerBulkActionSchema,
  customerBulkJobParamsSchema,
  customerBulkJobSchema,
  customerBulkResultSchema,
  idempotencyHeadersSchema,
  isCustomerBulkJobRunning,
} from '@receivables/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { readErrorResponses, writeErrorResponses } from '../../plugins/error-handler';
import { idempotentWrite } from '../../plugins/idempotency';
import { defineRoutes } from '../../plugins/route-definition';

import { applyCustomerBulkAction } from './apply-customer-bulk-action';
import type { CustomerBulkQueue } from './customer-bulk-queue';
import { getCustomerBulkJob } from './get-customer-bulk-job';
import { startCustomerBulkJob } from './start-customer-bulk-job';

/**
 * `POST /api/customers/bulk`: the list's multi-select actions; named customers at once, every match
 * of a search as a background job (decision 0008), whose progress `GET /api/customers/bulk/{jobId}` reads.
 */
const customerBulkPlugin: FastifyPluginAsyncZod<{ bulk: CustomerBulkQueue }> = async (r, { bulk }) => {
  r.post('/bulk', {
    schema: {
      tags: ['customers'],
      summary:
        'Tag, untag, pause, resume or assign a workflow to up to 1,000 named customers (200, at once), or to every customer the list’s search ' +
        'and filters match (202: a background job, read with GET /api/customers/bulk/{jobId})',
      headers: idempotencyHeadersSchema,
      body: customerBulkActionSchema,
      response: { 200: customerBulkResultSchema, 202: customerBulkJobSchema, ...writeErrorResponses },
    },
    handler: async (request, reply) => {
      const { customer_ids: named, matching, action } = request.body;
      if (!matching) {
        return idempotentWrite(request, reply, async (org) => ({
          status: 200,
          body: await applyCustomerBulkAction(org, { customer_ids: named ?? [], action }),
        }));
      }
      const job = await idempotentWrite(request, reply, async (org) => ({
        status: 202,
        body: await startCustomerBulkJob(org, { matching, action }),
      }));
      // After the commit, so the job never finds it missing. A replayed retry sends it again,
      // which the queue ignores while one is waiting: that also recovers a lost send.
      if (isCustomerBulkJobRunning(job)) await bulk.runBulkJobsOf(request.org.orgId);
      void reply.header('location', `/api/customers/bulk/${job.id}`);
      return job;
    },
  });

  r.get('/bulk/:jobId', {
    schema: {
      tags: ['customers'],
      summary: 'A bulk action over every match: its status and how many customers are done and changed so far',
      params: customerBulkJobParamsSchema,
      response: { 200: customerBulkJobSchema, ...readErrorResponses },
    },
    handler: (request) => getCustomerBulkJob(request.org, request.params.jobId),
  });
};

export const customerBulkRoutes = defineRoutes({ prefix: '/customers', needs: ({ queues }) => ({ bulk: queues.bulk }), plugin: customerBulkPlugin });
