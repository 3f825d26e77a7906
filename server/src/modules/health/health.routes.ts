import { healthSchema } from '@receivables/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { Db } from '../../db/client';
import { APP_VERSION } from '../../lib/app-version';
import { defineRoutes } from '../../plugins/route-definition';

/** Liveness and database reachability, for load balancers and the start-up script; no auth. */
const healthPlugin: FastifyPluginAsyncZod<{ db: Db }> = async (r, deps) => {
  r.get('/', {
    schema: { tags: ['health'], summary: 'Health check', security: [], response: { 200: healthSchema, 503: healthSchema } },
    handler: async (request, reply) => {
      try {
        await deps.db.execute(sql`select 1`);
        return { status: 'ok' as const, database: 'up' as const, version: APP_VERSION };
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'degraded' as const, database: 'down' as const, version: APP_VERSION });
      }
    },
  });
};

export const healthRoutes = defineRoutes({ prefix: '/health', public: true, needs: ({ db }) => ({ db }), plugin: healthPlugin });
