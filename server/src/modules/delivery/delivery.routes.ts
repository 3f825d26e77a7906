import { emailTemplateIdParamsSchema, eventDetailSchema, executeEventParamsSchema, idempotencyHeadersSchema, sendToMeResponseSchema } from '@receivables/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';

import type { DeliverySettings } from '../../config';
import { writeErrorResponses } from '../../plugins/error-handler';
import { idempotentWrite } from '../../plugins/idempotency';
import type { MailDeps } from '../mail/mail-deps';

import { executeEvent } from './execute-event';
import { sendTestEmail } from './send-test-email';
import { requestSenderDeps } from './sender-deps';

/**
 * Sending by hand (decision 0020): an email now, and a template to oneself. Both hand a message
 * to the mail server before answering, bounded by the SMTP timeouts.
 */
type DeliveryRouteOptions = { mail: MailDeps; delivery: DeliverySettings; stripe: Stripe | null };

export const deliveryRoutes: FastifyPluginAsyncZod<DeliveryRouteOptions> = async (r, options) => {
  const deps = (request: FastifyRequest) => requestSenderDeps(request, options);

  r.post('/events/execute/:eventId/', {
    schema: {
      tags: ['events'],
      summary: 'Send a planned, drafted, unknown or failed email now; answers the email after the attempt (409 if sent, superseded or in flight)',
      headers: idempotencyHeadersSchema,
      params: executeEventParamsSchema,
      response: { 200: eventDetailSchema, ...writeErrorResponses },
    },
    // The use case commits its own claim and outcome: it reaches the database on the pool, never in the key's transaction.
    handler: (request, reply) =>
      idempotentWrite(request, reply, async () => ({ status: 200, body: await executeEvent(deps(request), request.params.eventId) })),
  });

  // `:id`, as every other /emails/ route names it (one router node per position).
  r.post('/emails/:id/send_to_me', {
    schema: {
      tags: ['emails'],
      summary: 'Send this template, filled in for a sample customer, to the signed-in user, whatever the sending mode ("[Test] " subject)',
      params: emailTemplateIdParamsSchema,
      response: { 200: sendToMeResponseSchema, ...writeErrorResponses },
    },
    handler: (request) => sendTestEmail(deps(request), request.params.id),
  });
};
