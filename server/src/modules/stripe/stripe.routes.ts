import {
  accountListQuerySchema,
  accountListSchema,
  accountSchema,
  stripeConnectSchema,
  stripeInstallCompleteSchema,
  stripeWebhookResponseSchema,
} from '@receivables/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import type { Db } from '../../db/client';
import { AppError } from '../../errors/app-error';
import type { OperationLog } from '../../lib/operation-log';
import { readErrorResponses, writeErrorResponses } from '../../plugins/error-handler';
import { defineRoutes } from '../../plugins/route-definition';

import { disconnectAccount, startAccountSync } from './account-actions';
import { findAccounts, type StripeSyncQueue } from './account-record';
import { applyStripeWebhook } from './apply-stripe-event';
import { completeStripeInstall, stripeConnectLink } from './connect-stripe';
import type { StripeDeps } from './stripe-client';

const accountParamsSchema = z.strictObject({ id: z.uuid() });

type StripeRouteDeps = StripeDeps & { syncs: StripeSyncQueue; trustedOrigins: readonly string[] };

/** Connecting Stripe (decision 0022): the install link, the callback’s completion. */
const stripePlugin: FastifyPluginAsyncZod<StripeRouteDeps> = async (r, deps) => {
  r.post('/connect/', {
    schema: {
      tags: ['stripe'],
      summary: 'Start connecting a Stripe account: the install link to send the person to, with a signed single-use state',
      response: { 200: stripeConnectSchema, ...writeErrorResponses },
    },
    handler: (request) => {
      const { orgId, actorId: userId } = request.org;
      const who = { orgId, userId, origin: request.headers.origin, trustedOrigins: deps.trustedOrigins };
      return stripeConnectLink(deps.settings, who, new Date());
    },
  });

  r.post('/complete/', {
    schema: {
      tags: ['stripe'],
      summary: 'Finish a connection from /callback/stripe: checks the install signature and the state, stores the account, starts its first sync',
      body: stripeInstallCompleteSchema,
      response: { 200: z.object({ account: accountSchema }), 201: z.object({ account: accountSchema }), ...writeErrorResponses },
    },
    handler: async (request, reply) => {
      const completing = { ...request.org, settings: deps.settings, syncs: deps.syncs, now: new Date() };
      const done = await completeStripeInstall(completing, request.body);
      return reply.status(done.created ? 201 : 200).send({ account: done.account });
    },
  });
};

/** Connected accounts: the list, a sync started by hand, disconnecting. */
const accountsPlugin: FastifyPluginAsyncZod<{ syncs: StripeSyncQueue }> = async (r, deps) => {
  r.get('/', {
    prefixTrailingSlash: 'slash',
    schema: {
      tags: ['stripe'],
      summary: 'Connected billing accounts with the state of their sync (stage, counts, percentage, problems)',
      querystring: accountListQuerySchema,
      response: { 200: accountListSchema, ...readErrorResponses },
    },
    handler: (request) => findAccounts(request.org, request.query),
  });

  r.post('/:id/sync', {
    schema: {
      tags: ['stripe'],
      summary: 'Sync a connected account again now',
      params: accountParamsSchema,
      response: { 202: accountSchema, ...writeErrorResponses },
    },
    handler: async (request, reply) => {
      const account = await startAccountSync({ ...request.org, syncs: deps.syncs }, request.params.id);
      return reply.status(202).send(account);
    },
  });

  r.post('/:id/disconnect', {
    schema: {
      tags: ['stripe'],
      summary: 'Stop syncing an account; what it brought in stays',
      params: accountParamsSchema,
      response: { 200: accountSchema, ...writeErrorResponses },
    },
    handler: (request) => disconnectAccount({ ...request.org, now: new Date() }, request.params.id),
  });
};

/**
 * `POST /api/stripe/webhook`: Stripe's own calls, authenticated by their signature over the raw
 * body (so this scope reads the body as bytes and never parses it first).
 */
const stripeWebhookPlugin: FastifyPluginAsyncZod<StripeDeps & { db: Db; log: OperationLog }> = async (scope, deps) => {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));

  scope.post('/', {
    schema: {
      tags: ['stripe'],
      summary: 'Receive a Stripe event (signature verified); applied once, from the object’s current state',
      consumes: ['application/json'],
      security: [{ stripeSignature: [] }],
      response: { 200: stripeWebhookResponseSchema, 503: writeErrorResponses[422], ...writeErrorResponses },
    },
    handler: async (request) => {
      const raw = request.body;
      if (!Buffer.isBuffer(raw) || raw.length === 0) {
        throw new AppError('VALIDATION_FAILED', 'The body must be the Stripe event', [{ field: 'body', reason: 'is empty' }]);
      }
      const signature = request.headers['stripe-signature'];
      return applyStripeWebhook({ ...deps, now: () => new Date() }, raw, typeof signature === 'string' ? signature : undefined);
    },
  });
};

export const stripeRoutes = defineRoutes({
  prefix: '/stripe',
  needs: ({ stripe, config, queues }) => ({
    stripe,
    settings: config.stripe,
    syncs: queues.stripeSyncs,
    trustedOrigins: config.trustedOrigins,
  }),
  plugin: stripePlugin,
});

export const accountsRoutes = defineRoutes({
  prefix: '/accounts',
  needs: ({ queues }) => ({ syncs: queues.stripeSyncs }),
  plugin: accountsPlugin,
});

export const stripeWebhookRoutes = defineRoutes({
  prefix: '/stripe/webhook',
  public: true,
  needs: ({ db, stripe, config, log }) => ({ db, stripe, settings: config.stripe, log }),
  plugin: stripeWebhookPlugin,
});
