/**
 * A fresh `Idempotency-Key` for one user action: the server replays its first answer if the same
 * request arrives twice (a network retry), so a write is never applied twice.
 */
export function idempotencyHeaders(): Record<string, string> {
  return { 'Idempotency-Key': newKey() };
}

/** A fresh key for a write a component retries with the same words (a composer's Send, clicked twice). */
export const newIdempotencyKey = (): string => newKey();

function newKey(): string {
  // randomUUID needs a secure context; plain-HTTP deployments fall back to random bytes.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
