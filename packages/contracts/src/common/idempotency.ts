import { z } from 'zod';

export const IDEMPOTENCY_KEY_MAX = 200;

/**
 * Headers of a retryable write (docs/api-conventions.md): the same `Idempotency-Key` with the same body
 * replays the first answer; with a different body it is a 422.
 */
export const idempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z.string().min(1).max(IDEMPOTENCY_KEY_MAX, `must be at most ${IDEMPOTENCY_KEY_MAX} characters`).optional(),
});
