import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

import { type Auth, createAuth } from './auth/create-auth';
import { createTokenVerifier, type TokenVerifier } from './auth/token-verifier';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import type { JobQueue } from './jobs/job-queue';
import { customerActionsRoutes } from './modules/customers/customer-actions.routes';
import { customerBulkRoutes } from './modules/customers/customer-bulk.routes';
import { customerExportRoutes } from './modules/customers/customer-export.routes';
import { customersRoutes } from './modules/customers/customers.routes';
import { healthRoutes } from './modules/health/health.routes';
import { importUploadRoutes } from './modules/imports/import-upload.routes';
import { importsRoutes } from './modules/imports/imports.routes';
import { invoicesRoutes } from './modules/invoices/invoices.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { tagsRoutes } from './modules/tags/tags.routes';
import { timelineRoutes } from './modules/timeline/timeline.routes';
import { registerAuth } from './plugins/auth';
import { registerErrorHandler } from './plugins/error-handler';
import { registerOpenApi } from './plugins/openapi';
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
}

declare module 'fastify' {
  interface FastifyInstance {
    /** better-auth, for server-side calls (seeding, tests). */
    auth: Auth;
  }
}

export type App = FastifyInstance;

/** Build the HTTP app (API, auth, docs, SPA) without listening; main.ts and tests share it. */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { db, config } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    routerOptions: { ignoreTrailingSlash: true },
    // Behind a proxy, request.ip (the rate limiter's key) comes from X-Forwarded-For only when
    // the proxy is trusted; keep it off by default so clients cannot pick their own address.
    trustProxy: false,
    bodyLimit: 1_048_576,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await registerOpenApi(app);

  const auth = createAuth(db, config);
  registerAuth(app, {
    auth,
    publicUrl: config.publicUrl,
    verifyToken: options.verifyToken ?? createTokenVerifier({ db, auth, config }),
  });

  healthRoutes(app, { db });
  customersRoutes(app, { db });
  customerActionsRoutes(app, { db });
  customerBulkRoutes(app, { db });
  customerExportRoutes(app, { db });
  tagsRoutes(app, { db });
  invoicesRoutes(app, { db });
  paymentsRoutes(app, { db });
  timelineRoutes(app, { db });
  importsRoutes(app, { db, jobs: options.jobs });
  await importUploadRoutes(app, { db, maxBytes: config.importMaxBytes });
  await registerStaticWeb(app, config.webDist);

  app.decorate('auth', auth);
  return app;
}
