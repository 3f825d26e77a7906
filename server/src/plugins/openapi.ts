import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

import { APP_VERSION } from '../lib/app-version';

/** Where the API's documentation is browsed: public (PUBLIC_API_PATHS), served by the app itself. */
export const API_DOCS_PATH = '/api/docs';

/** OpenAPI generated from the routes' zod schemas (the contracts), browsable at API_DOCS_PATH. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Receivables API', version: APP_VERSION },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // The inbound webhook's own credential (decision 0021): a Bearer token, or Basic's password.
          inboundSecret: { type: 'http', scheme: 'bearer', description: 'The organisation’s inbound secret from Settings → Email' },
          // Stripe's webhook signature over the raw body (decision 0022).
          stripeSignature: { type: 'apiKey', in: 'header', name: 'Stripe-Signature', description: 'Stripe’s signature of the event, checked with STRIPE_WEBHOOK_SECRET' },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: API_DOCS_PATH });
}
