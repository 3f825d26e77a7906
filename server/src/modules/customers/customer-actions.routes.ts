import {
  contactUpsertSchema,
  customerIdParamsSchema,
  customerPauseSchema,
  customerSchema,
  customerTagsUpdateSchema,
  idempotencyHeadersSchema,
} from '@receivables/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import type { Db } from '../../db/client';
import { writerOf } from '../../plugins/auth';
import { writeErrorResponses } from '../../plugins/error-handler';
import { idempotentWrite } from '../../plugins/idempotency';

import { pauseCustomer } from './pause-customer';
import { resumeCustomer } from './resume-customer';
import { updateCustomerTags } from './update-customer-tags';
import { upsertContact } from './upsert-contact';

const common = { tags: ['customers'], headers: idempotencyHeadersSchema, params: customerIdParamsSchema };
const response = { 200: customerSchema, ...writeErrorResponses };

/** The customer page's actions: contacts, tags, pause and resume. Each answers the customer. */
export function customerActionsRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/customers/:id/contact', {
    schema: { ...common, summary: 'Create or replace the primary or escalation contact', body: contactUpsertSchema, response },
    handler: (request, reply) =>
      idempotentWrite(deps.db, request, reply, async (db) => ({
        status: 200,
        body: await upsertContact({ db, ...writerOf(request) }, request.params.id, request.body),
      })),
  });

  r.put('/api/customers/:id/tags', {
    schema: { ...common, summary: 'Replace the customer’s tags (new names are created)', body: customerTagsUpdateSchema, response },
    handler: (request, reply) =>
      idempotentWrite(deps.db, request, reply, async (db) => ({
        status: 200,
        body: await updateCustomerTags({ db, ...writerOf(request) }, request.params.id, request.body),
      })),
  });

  r.post('/api/customers/:id/pause', {
    schema: { ...common, summary: 'Pause chasing until a date or indefinitely', body: customerPauseSchema, response },
    handler: (request, reply) =>
      idempotentWrite(deps.db, request, reply, async (db) => ({
        status: 200,
        body: await pauseCustomer({ db, ...writerOf(request) }, request.params.id, request.body),
      })),
  });

  r.post('/api/customers/:id/resume', {
    schema: { ...common, summary: 'Resume chasing; the standing is recomputed', response },
    handler: (request, reply) =>
      idempotentWrite(deps.db, request, reply, async (db) => ({
        status: 200,
        body: await resumeCustomer({ db, ...writerOf(request) }, request.params.id),
      })),
  });
}
