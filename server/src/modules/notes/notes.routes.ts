import {
  customerIdParamsSchema,
  customerNoteCreateSchema,
  customerNoteIdParamsSchema,
  customerNoteListResponseSchema,
  customerNoteSchema,
  customerNoteUpdateSchema,
  idempotencyHeadersSchema,
  pageQuerySchema,
} from '@receivables/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { readErrorResponses, writeErrorResponses } from '../../plugins/error-handler';
import { idempotentWrite } from '../../plugins/idempotency';
import { defineRoutes } from '../../plugins/route-definition';

import { createCustomerNote } from './create-customer-note';
import { deleteCustomerNote } from './delete-customer-note';
import { findCustomerNotes } from './find-customer-notes';
import { markFollowUpDone } from './mark-follow-up-done';
import { updateCustomerNote } from './update-customer-note';

/** A customer's notes and calls, under /api/customers (decision 0043). */
const customerNotesPlugin: FastifyPluginAsyncZod = async (r) => {
  r.get('/:id/notes/', {
    schema: {
      tags: ['notes'],
      summary: 'List a customer’s notes and logged calls, newest first',
      params: customerIdParamsSchema,
      querystring: pageQuerySchema,
      response: { 200: customerNoteListResponseSchema, ...readErrorResponses },
    },
    handler: (request) => findCustomerNotes(request.org, request.params.id, request.query),
  });

  r.post('/:id/notes/', {
    schema: {
      tags: ['notes'],
      summary: 'Add a note to a customer, or log a call with it',
      description:
        '`kind` `note` takes `body`; `kind` `call` takes `contact_name`, `outcome`, `happened_at` (default now; not in the future: 422 on `happened_at`) and `body`. Either may take `follow_up_on`, the organisation’s today or later (422 on `follow_up_on`), which lists it on Home’s To do from that day until marked done.',
      headers: idempotencyHeadersSchema,
      params: customerIdParamsSchema,
      body: customerNoteCreateSchema,
      response: { 201: customerNoteSchema, ...writeErrorResponses },
    },
    handler: (request, reply) =>
      idempotentWrite(request, reply, async (org) => ({
        status: 201,
        body: await createCustomerNote(org, request.params.id, request.body, request.org.db),
      })),
  });
};

/** One note or call, under /api/notes. */
const notesPlugin: FastifyPluginAsyncZod = async (r) => {
  r.put('/:id/', {
    schema: {
      tags: ['notes'],
      summary: 'Change a note or a logged call',
      description: 'A call’s fields on a note are a 422 naming the field. A follow-up moved to another day is to do again.',
      headers: idempotencyHeadersSchema,
      params: customerNoteIdParamsSchema,
      body: customerNoteUpdateSchema,
      response: { 200: customerNoteSchema, ...writeErrorResponses },
    },
    handler: (request, reply) =>
      idempotentWrite(request, reply, async (org) => ({
        status: 200,
        body: await updateCustomerNote(org, request.params.id, request.body, request.org.db),
      })),
  });

  r.delete('/:id/', {
    schema: {
      tags: ['notes'],
      summary: 'Delete a note or a logged call (204)',
      params: customerNoteIdParamsSchema,
      response: { 204: z.null().describe('Deleted'), ...writeErrorResponses },
    },
    handler: async (request, reply) => {
      await deleteCustomerNote(request.org, request.params.id);
      return reply.code(204).send(null);
    },
  });

  r.post('/:id/follow-up-done', {
    schema: {
      tags: ['notes'],
      summary: 'Mark a note’s or a call’s follow-up done: it leaves Home’s To do',
      headers: idempotencyHeadersSchema,
      params: customerNoteIdParamsSchema,
      response: { 200: customerNoteSchema, ...writeErrorResponses },
    },
    handler: (request, reply) =>
      idempotentWrite(request, reply, async (org) => ({
        status: 200,
        body: await markFollowUpDone(org, request.params.id, request.org.db),
      })),
  });
};

export const customerNotesRoutes = defineRoutes({ prefix: '/customers', plugin: customerNotesPlugin });
export const notesRoutes = defineRoutes({ prefix: '/notes', plugin: notesPlugin });
