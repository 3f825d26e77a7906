import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';

import { AppError } from '../errors/app-error';

/**
 * Per-organisation limits on the routes that cost the server the most per call (rendering
 * templates), counted in each process: what they protect is that process's event loop
 * (docs/decisions/0031-templates-under-a-budget.md). A route opts in with `config: { rateLimit: … }`;
 * over it, 429 RATE_LIMITED with Retry-After, in the API's error shape.
 */
export async function registerOrgRateLimit(scope: FastifyInstance): Promise<void> {
  await scope.register(rateLimit, {
    global: false,
    // After the bearer guard (onRequest): the organisation is known.
    hook: 'preHandler',
    keyGenerator: (request) => request.org.orgId,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many previews at once for this organisation: try again in ${context.after}`),
  });
}

/** Renders a person asks for while editing: far more than anyone types, far fewer than a flood. */
export const PREVIEW_RATE_LIMIT = { max: 60, timeWindow: 60_000 };
