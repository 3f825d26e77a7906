import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every answer (decision 0012), through @fastify/helmet:
 * - a Content-Security-Policy that runs no inline or foreign script. Styles may be inline: MUI
 *   (emotion) writes its styles into <style> tags at run time; a style cannot run code.
 * - `frame-ancestors 'none'` (no clickjacking), nosniff, a same-origin Referrer-Policy;
 * - HSTS only when the app is served over https (PUBLIC_URL), never on a plain-http local run,
 *   where it would make the browser refuse the next visit.
 * And every /api answer is `Cache-Control: no-store`: it is one organisation's data.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // The SPA loads nothing cross-origin; these only get in the way of a local run over http.
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: options.https,
    originAgentCluster: options.https,
  });
  app.addHook('onSend', async (request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '';
    if (path === '/api' || path.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
}
