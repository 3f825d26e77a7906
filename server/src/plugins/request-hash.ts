import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every level, so equal bodies serialise equally. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return value === undefined ? 'null' : JSON.stringify(value);
}

/** The fingerprint of a request an Idempotency-Key was used for: method, path and body. */
export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256').update(stableJson({ method, path, body: body ?? null })).digest('hex');
}
