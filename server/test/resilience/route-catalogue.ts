import { subscribe, unsubscribe } from 'node:diagnostics_channel';

import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';

/** One method of one route, as the router registered it, with the zod schemas it validates with. */
export interface CataloguedRoute {
  method: string;
  /** The pattern as the router knows it, prefix included: `/api/customers/:id/`. */
  url: string;
  /** `METHOD url`, as ROUTE_PERMISSIONS names a route. */
  key: string;
  params: z.ZodType | null;
  querystring: z.ZodType | null;
  body: z.ZodType | null;
  /** Left out of /api/docs (better-auth's mount, the docs' own pages). */
  hidden: boolean;
}

/**
 * Listens for the next Fastify instance created in this process and records every route it
 * registers, through Fastify's `onRoute` hook, added as the instance is created (Fastify publishes
 * each new instance on the `fastify.initialization` diagnostics channel before any plugin runs).
 * The suite reads the router itself, not a list or the OpenAPI document (which hides some routes),
 * so a route added tomorrow is called tomorrow without touching the suite, whatever module or
 * prefix declares it.
 *
 * Start it just before the app is built and stop it once it listens: files share a worker
 * (decision 0030), and another file's app must not land in this catalogue.
 */
export function routeCatalogue(): { start(): void; stop(): void; routes(): CataloguedRoute[] } {
  const routes: CataloguedRoute[] = [];
  let seen = false;
  const onInstance = (message: unknown): void => {
    const fastify = (message as { fastify?: FastifyInstance }).fastify;
    if (!fastify || seen) return;
    seen = true;
    fastify.addHook('onRoute', (options: RouteOptions) => {
      for (const method of [options.method].flat()) routes.push(catalogued(method, options));
    });
  };
  return {
    start: () => subscribe('fastify.initialization', onInstance),
    stop: () => unsubscribe('fastify.initialization', onInstance),
    routes: () => {
      if (routes.length === 0) throw new Error('no route was catalogued: was the app built between start() and stop()?');
      return routes;
    },
  };
}

function catalogued(method: string, options: RouteOptions): CataloguedRoute {
  const schema = (options.schema ?? {}) as Record<string, unknown>;
  const zod = (part: string): z.ZodType | null => {
    const value = schema[part];
    return value instanceof z.ZodType ? value : null;
  };
  return {
    method,
    url: options.url,
    key: `${method} ${options.url}`,
    params: zod('params'),
    querystring: zod('querystring'),
    body: zod('body'),
    hidden: schema.hide === true,
  };
}

/** The pattern with each parameter replaced by what `value` gives for it (and the segment before it). */
export function fillPath(url: string, value: (param: string, segmentBefore: string) => string): string {
  const segments = url.split('/');
  return segments
    .map((segment, i) => {
      const before = segments[i - 1] ?? '';
      if (segment === '*') return value('*', before);
      return segment.replace(/:(\w+)/g, (_match, param: string) => value(param, before));
    })
    .join('/');
}
