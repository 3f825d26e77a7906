import { PUBLIC_API_PATHS, type PublicApiPath } from '@receivables/contracts';
import type { FastifyInstance, FastifyPluginOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppServices } from '../app-services';
import type { TokenVerifier } from '../auth/token-verifier';

import { registerBearerGuard } from './bearer-guard';
import { registerRoleGuard } from './role-guard';

/** Where every route module is mounted. */
const API_BASE = '/api';

/** A public path as a definition's prefix: PUBLIC_API_PATHS' entries, under /api. */
type UnderApi<Path> = Path extends `${typeof API_BASE}${infer Prefix}` ? Prefix : never;
export type PublicPrefix = UnderApi<PublicApiPath>;

/** One route module as the app mounts it: where, for whom, with what. */
export interface RouteDefinition {
  /** Its path under /api. */
  readonly prefix: string;
  /** Answered without a bearer token; otherwise behind the bearer and role guards. */
  readonly isPublic: boolean;
  mount(scope: FastifyInstance, services: AppServices): Promise<void>;
}

/** `needs` may be left out only by a plugin that takes no options. */
type Needs<Options> = [keyof Options] extends [never]
  ? { needs?: (services: AppServices) => Options }
  : { needs: (services: AppServices) => Options };

type Placement =
  /** Signed-in members only (the default): `request.org` is the caller's organisation. */
  | { prefix: `/${string}`; public?: false }
  /** Anyone: the path must be one of PUBLIC_API_PATHS (contracts), which the SPA reads too. */
  | { prefix: PublicPrefix; public: true };

/**
 * A `*.routes.ts` module's declaration: its prefix under /api, whether it is public, what it
 * needs from the app (`needs`: picked from AppServices, given to the plugin as its options) and
 * the plugin. api-routes.ts lists them; authentication follows the definition, not where it is listed.
 */
export function defineRoutes<Options extends FastifyPluginOptions>(
  definition: Placement & Needs<Options> & { plugin: FastifyPluginAsyncZod<Options> },
): RouteDefinition {
  const { prefix, plugin } = definition;
  const needs = definition.needs;
  const isPublic = definition.public === true;
  return {
    prefix,
    isPublic,
    mount: async (scope, services) => {
      const options = needs ? needs(services) : ({} as Options);
      // Public modules hang off the app itself; the others off the guarded /api scope.
      await scope.register(plugin, { ...options, prefix: isPublic ? `${API_BASE}${prefix}` : prefix });
    },
  };
}

/**
 * Mount every route module: the public ones as they are, the rest in one scope under /api behind
 * the bearer guard (a verified token of a current member: `request.org`) and the role guard (each
 * write's permission). `otherPublicPaths` are public paths the app serves itself (the API docs).
 */
export async function mountApiRoutes(
  app: FastifyInstance,
  routes: readonly RouteDefinition[],
  services: AppServices,
  options: { verifyToken: TokenVerifier; otherPublicPaths: readonly string[] },
): Promise<void> {
  requirePublicPathsServed(routes, options.otherPublicPaths);
  for (const route of routes) if (route.isPublic) await route.mount(app, services);
  await app.register(
    async (api) => {
      registerBearerGuard(api, { db: services.db, verifyToken: options.verifyToken });
      registerRoleGuard(api);
      for (const route of routes) if (!route.isPublic) await route.mount(api, services);
    },
    { prefix: API_BASE },
  );
}

/**
 * The public modules and PUBLIC_API_PATHS must say the same: a public module off the list would be
 * sent a token by the SPA, and a listed path nothing serves publicly would leave the SPA without one.
 */
function requirePublicPathsServed(routes: readonly RouteDefinition[], otherPublicPaths: readonly string[]): void {
  const listed = new Set<string>(PUBLIC_API_PATHS);
  const served = new Set([...routes.filter((r) => r.isPublic).map((r) => `${API_BASE}${r.prefix}`), ...otherPublicPaths]);
  const unlisted = [...served].filter((path) => !listed.has(path));
  const unserved = [...listed].filter((path) => !served.has(path));
  if (unlisted.length > 0 || unserved.length > 0) {
    throw new Error(
      `Public routes and PUBLIC_API_PATHS (packages/contracts/src/auth/public-paths.ts) differ: not listed ${unlisted.join(', ') || 'none'}; not served ${unserved.join(', ') || 'none'}`,
    );
  }
}
