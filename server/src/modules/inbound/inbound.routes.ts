import {
  idempotencyHeadersSchema,
  inboundAnswerInputSchema,
  inboundAnswerResponseSchema,
  inboundAssignSchema,
  inboundAttachmentParamsSchema,
  inboundCountsSchema,
  inboundEmailDetailSchema,
  inboundEmailListResponseSchema,
  inboundIdParamsSchema,
  inboundListQuerySchema,
  invoiceCopyPreviewSchema,
  triageActionInputSchema,
} from '@receivables/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import type { DeliverySettings } from '../../config-slices/delivery';
import { withOrg } from '../../db/client';
import { attachmentDisposition } from '../../lib/content-disposition';
import { readErrorResponses, writeErrorResponses } from '../../plugins/error-handler';
import { idempotentWrite } from '../../plugins/idempotency';
import { defineRoutes } from '../../plugins/route-definition';
import { requestSenderDeps } from '../delivery/sender-deps';
import type { MailDeps } from '../mail/mail-deps';

import { applyTriageAction } from './apply-triage-action';
import { assignInboundEmail, markInboundRead } from './assign-inbound-email';
import { countInbound, findUnassignedInbound } from './find-inbound';
import { requireInboundDetail } from './inbound-email-view';
import { readInboundAttachment } from './read-inbound-attachment';
import { previewInvoiceCopy, sendInvoiceCopy } from './send-invoice-copy';
import { sendWrittenAnswer } from './send-written-answer';

/** Received mail (decision 0021): the unassigned inbox, counts, one message, its files, and what a person does with it. */
const inboundPlugin: FastifyPluginAsyncZod<{ mail: MailDeps; delivery: DeliverySettings }> = async (r, options) => {
  r.get('/unassigned/', {
    schema: {
      tags: ['inbound'],
      summary: 'Received emails no customer was found for, newest first',
      querystring: inboundListQuerySchema,
      response: { 200: inboundEmailListResponseSchema, ...readErrorResponses },
    },
    handler: (request) => findUnassignedInbound(request.org, request.query),
  });

  r.get('/counts/', {
    schema: { tags: ['inbound'], summary: 'Unread and unassigned received emails', response: { 200: inboundCountsSchema, ...readErrorResponses } },
    handler: (request) => countInbound(request.org),
  });

  r.get('/:id/', {
    schema: {
      tags: ['inbound'],
      summary: 'One received email as received and read: its visible text, files, out-of-office reading and triage suggestion',
      params: inboundIdParamsSchema,
      response: { 200: inboundEmailDetailSchema, ...readErrorResponses },
    },
    handler: ({ org, params }) => withOrg(org.db, org.orgId, (tx) => requireInboundDetail(tx, org.db, org.orgId, params.id)),
  });

  r.get('/:id/attachments/:attachmentId', {
    schema: {
      tags: ['inbound'],
      summary: 'Download one file of a received email, as it came',
      params: inboundAttachmentParamsSchema,
      response: { 200: z.any(), ...readErrorResponses },
    },
    handler: async (request, reply) => {
      const file = await readInboundAttachment(request.org, request.params.id, request.params.attachmentId);
      // Never rendered by the browser as ours: a customer's file is downloaded, whatever it claims to be.
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', attachmentDisposition(file.filename))
        .header('x-content-type-options', 'nosniff')
        .send(file.content);
    },
  });

  r.post('/:id/read', {
    schema: { tags: ['inbound'], summary: 'Mark a received email read', params: inboundIdParamsSchema, response: { 204: z.null(), ...writeErrorResponses } },
    handler: async (request, reply) => {
      await markInboundRead(request.org, request.params.id);
      return reply.status(204).send(null);
    },
  });

  r.post('/:id/assign', {
    schema: {
      tags: ['inbound'],
      summary: 'Attach an unassigned received email to a customer: it joins the customer’s Activity and chasing reacts to it',
      headers: idempotencyHeadersSchema,
      params: inboundIdParamsSchema,
      body: inboundAssignSchema,
      response: { 200: inboundEmailDetailSchema, ...writeErrorResponses },
    },
    handler: (request, reply) =>
      idempotentWrite(request, reply, async (org) => ({
        status: 200,
        body: await assignInboundEmail(org, request.params.id, request.body.customer_id),
      })),
  });

  r.get('/:id/copy/', {
    schema: {
      tags: ['inbound'],
      summary: 'The copy of the customer’s open invoices that sending the copy would send in answer to this reply (422 if there is nothing to send)',
      params: inboundIdParamsSchema,
      response: { 200: invoiceCopyPreviewSchema, ...readErrorResponses },
    },
    handler: (request) => previewInvoiceCopy(request.org, request.params.id),
  });

  r.post('/:id/triage', {
    schema: {
      tags: ['inbound'],
      summary:
        'Act on a reply: pause while a payment is checked, record a promise, mark disputed, replace the contact, send the copy of the open invoices (now, by the sender), pause, or dismiss',
      headers: idempotencyHeadersSchema,
      params: inboundIdParamsSchema,
      body: triageActionInputSchema,
      response: { 200: inboundEmailDetailSchema, ...writeErrorResponses },
    },
    handler: (request, reply) =>
      idempotentWrite(request, reply, async (org) => {
        const { body } = request;
        // Sending the copy commits its claim before the hand-off: on the pool, never in the key's transaction.
        if (body.action === 'send_copy') return { status: 200, body: await sendInvoiceCopy(requestSenderDeps(request, options), request.params.id) };
        // Who acted is read on the pool: `org.db` is the key's transaction, which cannot read the auth tables.
        return { status: 200, body: await applyTriageAction(org, request.params.id, body, request.org.db) };
      }),
  });

  r.post('/:id/answer', {
    schema: {
      tags: ['inbound'],
      summary:
        'Answer a received email in writing: sent now, by the sender, to whoever wrote it, threaded under their message (decision 0044). 422 while it is on no customer, or when sending is disabled or has no mail server',
      headers: idempotencyHeadersSchema,
      params: inboundIdParamsSchema,
      body: inboundAnswerInputSchema,
      response: { 200: inboundAnswerResponseSchema, ...writeErrorResponses },
    },
    // The key's transaction holds the claim while the answer commits its own on the pool and is
    // handed off: a double click waits on the claim and replays the first answer, so it goes once.
    handler: (request, reply) =>
      idempotentWrite(request, reply, async () => ({
        status: 200,
        body: await sendWrittenAnswer(requestSenderDeps(request, options), request.params.id, request.body),
      })),
  });
};

export const inboundRoutes = defineRoutes({ prefix: '/inbound', needs: ({ mail, config }) => ({ mail, delivery: config.delivery }), plugin: inboundPlugin });
