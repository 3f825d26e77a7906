import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

import { registerApiRoutes } from './api-routes';
import { createAppAuth } from './app-auth';
import { createAccountMailer } from './auth/account-mail';
import type { Auth } from './auth/create-auth';
import { createTokenVerifier, type TokenVerifier } from './auth/token-verifier';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import { schedulingQueue } from './jobs/chasing-schedule.job';
import { customerBulkQueue } from './jobs/customer-bulk.job';
import { importQueue } from './jobs/customer-import.job';
import type { JobQueue } from './jobs/job-queue';
import { stripeSyncQueue } from './jobs/stripe-sync.job';
import type { OperationLog } from './lib/operation-log';
import { createSecretBox } from './lib/secret-box';
import { healthRoutes } from './modules/health/health.routes';
import { inboundWebhookRoutes } from './modules/inbound/inbound-webhook.routes';
import { instanceRoutes } from './modules/instance/instance.routes';
import { createStripeClient } from './modules/stripe/stripe-client';
import { stripeWebhookRoutes } from './modules/stripe/stripe.routes';
import { invitationLookupRoutes } from './modules/team/team.routes';
import { registerAuth } from './plugins/auth';
import { registerBearerGuard } from './plugins/bearer-guard';
import { clientErrorOptions, registerQueryStringCheck } from './plugins/client-errors';
import { registerErrorHandler } from './plugins/error-handler';
import { registerStrictJsonBody } from './plugins/json-body';
import { registerOpenApi } from './plugins/openapi';
import { registerRoleGuard } from './plugins/role-guard';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerStaticWeb } from './plugins/static-web';

export interface BuildAppOptions {
  db: Db;
  config: AppConfig;
  /** Where the API puts background work (a started CSV import); the worker takes it from there. */
  jobs: JobQueue;
  /** Override the bearer-token check (tests of other concerns); defaults to JWKS verification. */
  verifyToken?: TokenVerifier;
  /** Log output; defaults to pino at config.logLevel. */
  logger?: boolean;
  /** Where pino writes (tests that read the log); defaults to stdout. */
  logStream?: { write(line: string): void };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** better-auth, for server-side calls (seeding, tests). */
    auth: Auth;
  }
}

export type App = FastifyInstance;

/** The app's pino logger as the OperationLog use cases write to. */
function operationLogOf(log: FastifyBaseLogger): OperationLog {
  return { info: (m) => log.info(m), warn: (m) => log.warn(m), error: (m, error) => log.error({ err: error }, m) };
}

/** Build the HTTP app (API, auth, docs, SPA) without listening; main.ts and tests share it. */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { db, config } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
          level: config.logLevel,
          // Nothing logs a body today; should anything ever log one, a password in it stays out (decision 0019).
          redact: { paths: ['password', '*.password', '*.*.password', 'pass', '*.pass', '*.*.pass'], censor: '[redacted]' },
          ...(options.logStream ? { stream: options.logStream } : {}),
        },
    routerOptions: { ignoreTrailingSlash: true },
    // Behind a proxy, request.ip (the rate limiter's key) comes from X-Forwarded-For only when
    // the proxy is trusted; keep it off by default so clients cannot pick their own address.
    trustProxy: false,
    bodyLimit: 1_048_576,
    ...clientErrorOptions,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerStrictJsonBody(app);
  registerQueryStringCheck(app);
  await registerSecurityHeaders(app, { https: config.publicUrl.startsWith('https:') });
  await registerOpenApi(app);

  // Public: health, better-auth's own routes, the API docs.
  await app.register(healthRoutes, { prefix: '/api/health', db });
  const accountMail = createAccountMailer(config.mail, config.isProduction, operationLogOf(app.log));
  const auth = createAppAuth(db, config, accountMail);
  registerAuth(app, { auth, publicUrl: config.publicUrl });
  await app.register(instanceRoutes, { prefix: '/api/instance', accountMail: accountMail.mode });
  // An invitation's accept page, before its invitee has an account (decision 0025).
  await app.register(invitationLookupRoutes, { prefix: '/api/invitations', db });
  // Replies forwarded by a mail service: authenticated by the organisation's inbound secret, not a session.
  await app.register(inboundWebhookRoutes, {
    prefix: '/api/inbound',
    maxBytes: config.inbound.maxBytes,
    inbound: { db, replyKey: config.delivery.replyKey, attachmentMaxBytes: config.inbound.attachmentMaxBytes, delivery: config.delivery },
  });

  // Stripe's own calls: authenticated by the signature over the body, not a session (decision 0022).
  const stripe = createStripeClient(config.stripe);
  await app.register(stripeWebhookRoutes, { prefix: '/api/stripe', db, stripe, settings: config.stripe, log: operationLogOf(app.log) });

  // Everything else under /api needs a bearer token: decided here, once, by registration.
  const verifyToken = options.verifyToken ?? createTokenVerifier({ db, auth, config });
  await app.register(
    async (api) => {
      registerBearerGuard(api, { db, verifyToken });
      registerRoleGuard(api);
      await registerApiRoutes(api, {
        delivery: config.delivery,
        imports: importQueue(options.jobs),
        bulk: customerBulkQueue(options.jobs),
        scheduling: schedulingQueue(options.jobs),
        stripe: { stripe, settings: config.stripe, syncs: stripeSyncQueue(options.jobs), trustedOrigins: config.trustedOrigins },
        importMaxBytes: config.importMaxBytes,
        team: { mailer: accountMail, publicUrl: config.publicUrl },
        mail: {
          secrets: createSecretBox(config.secretsKey),
          instanceSmtpUrl: config.mail.smtpUrl,
          timeouts: config.mail.timeouts,
          publicUrl: config.publicUrl,
          now: () => new Date(),
        },
      });
    },
    { prefix: '/api' },
  );
  await registerStaticWeb(app, config.webDist);

  app.decorate('auth', auth);
  return app;
}
