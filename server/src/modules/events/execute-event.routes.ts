import { eventDetailSchema, executeEventParamsSchema, idempotencyHeadersSchema } from '@receivables/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';

import type { DeliverySettings } from '../../config-slices/delivery';
import { writeErrorResponses } from '../../plugins/error-handler';
import { idempotentWrite } from '../../plugins/idempotency';
import { defineRoutes } from '../../plugins/route-definition';
import { requestSenderDeps } from '../delivery/sender-deps';
import type { MailDeps } from '../mail/mail-deps';

import { executeEvent } from './execute-event';

type ExecuteEventRouteOptions = { mail: MailDeps; delivery: DeliverySettings; stripe: Stripe | null };

/**
 * Sending an email by hand (decision 0020): handed to the mail server before answering, bounded by
 * the SMTP timeouts.
 */
const executeEventPlugin: FastifyPluginAsyncZod<ExecuteEventRouteOptions> = async (r, options) => {
  r.post('/execute/:eventId/', {
    schema: {
      tags: ['events'],
      summary: 'Send a planned, drafted, unknown or failed email now; answers the email after the attempt (409 if sent, superseded or in flight)',
      headers: idempotencyHeadersSchema,
      params: executeEventParamsSchema,
      response: { 200: eventDetailSchema, ...writeErrorResponses },
    },
    // The use case commits its own claim and outcome: it reaches the database on the pool, never in the key's transaction.
    handler: (request, reply) => idempotentWrite(request, reply, async () => {
      const email = await executeEvent(requestSenderDeps(request, options), request.params.eventId);
      return { status: 200, body: email };
    }),
  });
};

export const executeEventRoutes = defineRoutes({ prefix: '/events', needs: ({ mail, config, stripe }) => ({ mail, delivery: config.delivery, stripe }), plugin: executeEventPlugin });
