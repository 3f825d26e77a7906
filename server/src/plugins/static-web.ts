import { existsSync } from 'node:fs';
import { join } from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

import { sendError } from './error-handler';

/** Vite names every built asset by its content's hash: a new build means a new name. */
const HASHED_ASSETS = /\/assets\//;

/**
 * Serve the built SPA from `webDist` with a fallback to index.html for client-side routes, and
 * answer unknown `/api` paths with the JSON 404. Without a build, only the API is served.
 * Hashed assets are cached for a year and never revalidated (their name changes with their
 * content); index.html is revalidated on every visit, so a deploy shows at once. Each asset goes
 * out brotli- or gzip-compressed as the browser accepts, from the copies the build made
 * (decision 0012).
 */
export async function registerStaticWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const hasWeb = existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: ['index.html'],
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => {
        reply.header('cache-control', HASHED_ASSETS.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.info(`No web build at ${webDist}; serving the API only. Run \`npm run build\` to build the web app.`);
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '';
    const isApi = path === '/api' || path.startsWith('/api/');
    // A missing asset is a 404, not the SPA: after a deploy, a page still open asks for the old
    // build's chunks, and HTML in their place fails with a confusing MIME-type error.
    const isAsset = HASHED_ASSETS.test(path);
    if (!isApi && !isAsset && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    // Never the path itself: an answer does not repeat what the request said (decision 0012).
    return sendError(reply, 'NOT_FOUND', 'No route has this method and path', [{ field: 'path', reason: 'names no route' }]);
  });
}
