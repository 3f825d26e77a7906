import { createHash } from 'node:crypto';

import { stringify } from 'safe-stable-stringify';

/** The fingerprint of a request an Idempotency-Key was used for: method, path and body. */
export function requestHash(method: string, path: string, body: unknown): string {
  // Keys sorted at every level, so equal bodies in another key order fingerprint alike.
  const text = stringify({ method, path, body: body ?? null });
  return createHash('sha256').update(text ?? '').digest('hex');
}
