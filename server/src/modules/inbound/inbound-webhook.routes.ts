import { INBOUND_WEBHOOK_CONTENT_TYPES, inboundWebhookResponseSchema } from '@receivables/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { AppError } from '../../errors/app-error';
import { domainRule } from '../../errors/domain-errors';
import { writeErrorResponses } from '../../plugins/error-handler';
import { defineRoutes } from '../../plugins/route-definition';
import { organisationOfInboundSecret, presentedSecret } from '../mail/inbound-secret';

import { type InboundDeps, receiveInboundEmail } from './receive-inbound-email';

declare module 'fastify' {
  interface FastifyRequest {
    /** The organisation whose inbound secret the request presented (inbound webhook only). */
    inboundOrgId?: string;
  }
}

/**
 * `POST /api/inbound/email` (decision 0021): a raw message from a forwarding service. Public in
 * the sense of no user session: the organisation's inbound secret, checked before the body is
 * read, is its authentication. A body over the limit is a 413; a forged reply token a 422.
 */
const inboundWebhookPlugin: FastifyPluginAsyncZod<{ inbound: InboundDeps; maxBytes: number }> = async (scope, deps) => {
  scope.removeAllContentTypeParsers();
  // The raw message, however the service labels it: read whole (up to bodyLimit), never interpreted here.
  scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: deps.maxBytes }, (_request, body, done) => done(null, body));

  scope.addHook('onRequest', async (request) => {
    const secret = presentedSecret(request.headers.authorization);
    const orgId = secret ? await organisationOfInboundSecret(deps.inbound.db, secret) : null;
    if (!orgId) throw new AppError('UNAUTHENTICATED', 'The inbound secret is missing or wrong: make one in Settings → Email');
    request.inboundOrgId = orgId;
  });

  scope.post('/', {
    bodyLimit: deps.maxBytes,
    schema: {
      tags: ['inbound'],
      summary: 'Receive one raw email (MIME) from a forwarding service; authenticated by the organisation’s inbound secret',
      consumes: [...INBOUND_WEBHOOK_CONTENT_TYPES],
      security: [{ inboundSecret: [] }],
      response: { 202: inboundWebhookResponseSchema, ...writeErrorResponses },
    },
    handler: async (request, reply) => {
      const raw = request.body;
      if (!Buffer.isBuffer(raw) || raw.length === 0) {
        throw new AppError('VALIDATION_FAILED', 'The body must be the raw email', [{ field: 'body', reason: 'is empty' }]);
      }
      const orgId = request.inboundOrgId as string;
      const outcome = await receiveInboundEmail(deps.inbound, { raw, channel: 'webhook', envelopeFrom: null, envelopeTo: [], targets: [], orgId });
      if (outcome.status === 'refused') throw domainRule('The reply address is not one of ours', 'to', 'the reply token is forged or altered');
      const stored = outcome.status === 'stored' ? outcome : null;
      return reply.status(202).send({
        status: outcome.status,
        kind: stored?.kind ?? null,
        inbound_email_id: stored?.inboundEmailId ?? null,
        customer_id: stored?.customerId ?? null,
        event_id: stored?.eventId ?? null,
        paused: stored?.reaction.paused != null,
      });
    },
  });
};

export const inboundWebhookRoutes = defineRoutes({
  prefix: '/inbound/email',
  public: true,
  needs: ({ db, config }) => ({
    maxBytes: config.inbound.maxBytes,
    inbound: { db, replyKey: config.delivery.replyKey, attachmentMaxBytes: config.inbound.attachmentMaxBytes, delivery: config.delivery },
  }),
  plugin: inboundWebhookPlugin,
});
