import { emailTemplateIdParamsSchema, sendToMeRequestSchema, sendToMeResponseSchema } from '@receivables/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';

import type { DeliverySettings } from '../../config-slices/delivery';
import { writeErrorResponses } from '../../plugins/error-handler';
import { defineRoutes } from '../../plugins/route-definition';
import type { MailDeps } from '../mail/mail-deps';

import { sendTestEmail } from './send-test-email';
import { requestSenderDeps } from './sender-deps';

/**
 * Sending a template to oneself (decision 0020): handed to the mail server before answering,
 * bounded by the SMTP timeouts. Sending an email now is the events module's (execute-event.routes.ts).
 */
type DeliveryRouteOptions = { mail: MailDeps; delivery: DeliverySettings; stripe: Stripe | null };

const deliveryPlugin: FastifyPluginAsyncZod<DeliveryRouteOptions> = async (r, options) => {
  const deps = (request: FastifyRequest) => requestSenderDeps(request, options);

  // `:id`, as every other /emails/ route names it (one router node per position).
  r.post('/:id/send_to_me', {
    schema: {
      tags: ['emails'],
      summary:
        'Send this saved template to the signed-in user, whatever the sending mode ("[Test] " subject): exactly as the preview renders it for the customer and wording given (without a customer: the top debtor, else a sample customer)',
      params: emailTemplateIdParamsSchema,
      // Optional: a client that names no customer may send no body, which Fastify reads as null.
      body: sendToMeRequestSchema.nullish(),
      response: { 200: sendToMeResponseSchema, ...writeErrorResponses },
    },
    handler: (request) => sendTestEmail(deps(request), request.params.id, request.body ?? {}),
  });
};

export const deliveryRoutes = defineRoutes({
  prefix: '/emails',
  needs: ({ mail, config, stripe }) => ({ mail, delivery: config.delivery, stripe }),
  plugin: deliveryPlugin,
});
