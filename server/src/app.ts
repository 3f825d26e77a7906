import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

import { API_ROUTES } from './api-routes';
import { createAppAuth } from './app-auth';
import type { AppServices } from './app-services';
import { createAccountMailer } from './auth/account-mail';
import type { Auth } from './auth/create-auth';
import { createTokenVerifier, type TokenVerifier } from './auth/token-verifier';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import { schedulingQueue } from './jobs/chasing-schedule.job';
import { customerBulkQueue } from './jobs/customer-bulk.job';
import { importQueue } from './jobs/customer-import.job';
import { eventBulkQueue } from './jobs/event-bulk.job';
import type { JobQueue } from './jobs/job-queue';
import { stripeSyncQueue } from './jobs/stripe-sync.job';
import type { OperationLog } from './lib/operation-log';
import { redactUrl } from './lib/redact-url';
import { createSecretBox } from './lib/secret-box';
import { createStripeClient } from './modules/stripe/stripe-client';
import { clientErrorOptions, registerQueryStringCheck } from './plugins/client-errors';
import { registerErrorHandler } from './plugins/error-handler';
import { registerStrictJsonBody } from './plugins/json-body';
import { API_DOCS_PATH, registerOpenApi } from './plugins/openapi';
import { mountApiRoutes } from './plugins/route-definition';
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
          // A request's URL without the secrets account links carry (lib/redact-url.ts, decision 0026).
          serializers: {
            req: (request: FastifyRequest) => ({
              method: request.method,
              url: redactUrl(request.url),
              host: request.hostname,
              remoteAddress: request.ip,
            }),
          },
          ...(options.logStream ? { stream: options.logStream } : {}),
        },
    routerOptions: { ignoreTrailingSlash: true },
    // Behind a proxy, request.ip (the rate limiters' key) comes from X-Forwarded-For only when the
    // proxy is trusted (TRUST_PROXY); off by default so clients cannot pick their own address.
    trustProxy: config.trustProxy,
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

  const accountMail = createAccountMailer(config.mail, config.isProduction, operationLogOf(app.log));
  const auth = createAppAuth(db, config, accountMail);
  const services: AppServices = {
    db,
    config,
    auth,
    accountMail,
    mail: {
      secrets: createSecretBox(config.secretsKey),
      instanceSmtpUrl: config.mail.smtpUrl,
      timeouts: config.mail.timeouts,
      outbound: config.mail.outbound,
      publicUrl: config.publicUrl,
      now: () => new Date(),
    },
    stripe: createStripeClient(config.stripe),
    queues: {
      imports: importQueue(options.jobs),
      bulk: customerBulkQueue(options.jobs),
      eventBulk: eventBulkQueue(options.jobs),
      scheduling: schedulingQueue(options.jobs),
      stripeSyncs: stripeSyncQueue(options.jobs),
    },
    log: operationLogOf(app.log),
  };
  // Every route module, where and for whom its definition says: public ones as they are, the rest
  // behind the bearer and role guards (plugins/route-definition.ts).
  await mountApiRoutes(app, API_ROUTES, services, {
    verifyToken: options.verifyToken ?? createTokenVerifier({ db, auth, config }),
    otherPublicPaths: [API_DOCS_PATH],
  });
  await registerStaticWeb(app, config.webDist);

  app.decorate('auth', auth);
  return app;
}
