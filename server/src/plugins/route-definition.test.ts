import { PUBLIC_API_PATHS } from '@receivables/contracts';
import Fastify from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';

import type { AppServices } from '../app-services';
import { AppError } from '../errors/app-error';

import { registerErrorHandler } from './error-handler';
import { defineRoutes, mountApiRoutes, type PublicPrefix, type RouteDefinition } from './route-definition';

const answers: FastifyPluginAsyncZod = (r) => {
  r.get('/', { handler: () => ({ served: true }) });
  return Promise.resolve();
};

/** A stand-in for every public path but the API docs (which the app serves itself). */
const publicStandIns = PUBLIC_API_PATHS.filter((path) => path !== '/api/docs').map((path) =>
  defineRoutes({ prefix: path.slice('/api'.length) as PublicPrefix, public: true, plugin: answers }),
);
const membersOnly = defineRoutes({ prefix: '/members-only', plugin: answers });

// No route here reads a service: the definitions under test take none.
const services = {} as AppServices;
const verifyToken = () => Promise.reject(new AppError('UNAUTHENTICATED', 'A bearer token is required'));

async function appWith(routes: readonly RouteDefinition[]) {
  const app = Fastify();
  registerErrorHandler(app);
  await mountApiRoutes(app, routes, services, { verifyToken, otherPublicPaths: ['/api/docs'] });
  return app;
}

describe('mountApiRoutes', () => {
  it('serves a public definition without a token, and keeps every other behind the bearer guard', async () => {
    const app = await appWith([...publicStandIns, membersOnly]);
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/instance' })).json()).toEqual({ served: true });
    expect((await app.inject({ url: '/api/members-only' })).statusCode).toBe(401);
    await app.close();
  });

  it('refuses to start when a public module is not in PUBLIC_API_PATHS, or a listed path has none', async () => {
    const unlisted: RouteDefinition = { prefix: '/secret', isPublic: true, mount: () => Promise.resolve() };
    await expect(appWith([...publicStandIns, unlisted])).rejects.toThrow(/not listed \/api\/secret; not served none/);
    await expect(appWith(publicStandIns.slice(1))).rejects.toThrow(/not listed none; not served \/api\/auth/);
  });
});
