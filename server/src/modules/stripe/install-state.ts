import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The `state` an install link carries (decision 0022): who asked for the connection, for which
 * organisation, until when, and a nonce that makes it single-use. Signed with a key derived from
 * the secrets key, so a state we did not make, or one altered, is refused before anything is
 * looked up; the nonce is recorded when the connection completes, so the same callback cannot
 * connect twice.
 */
export interface InstallState {
  orgId: string;
  userId: string;
  nonce: string;
  /** Unix seconds. */
  expiresAt: number;
}

/** How long a person has to finish installing the app in Stripe. */
export const INSTALL_STATE_TTL_SECONDS = 30 * 60;

export function createInstallState(key: Buffer, subject: { orgId: string; userId: string }, now: Date): { state: string; expiresAt: Date } {
  const expiresAt = Math.floor(now.getTime() / 1000) + INSTALL_STATE_TTL_SECONDS;
  const payload: InstallState = { orgId: subject.orgId, userId: subject.userId, nonce: randomBytes(16).toString('base64url'), expiresAt };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return { state: `${body}.${sign(key, body)}`, expiresAt: new Date(expiresAt * 1000) };
}

export type InstallStateCheck =
  | { ok: true; state: InstallState }
  | { ok: false; reason: 'malformed' | 'forged' | 'expired' };

/** Read a state back: its signature first, then its shape, then its expiry. */
export function readInstallState(key: Buffer, state: string, now: Date): InstallStateCheck {
  const [body, mac, ...rest] = state.split('.');
  if (!body || !mac || rest.length > 0) return { ok: false, reason: 'malformed' };
  const expected = Buffer.from(sign(key, body));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'forged' };
  const parsed = parsePayload(body);
  if (!parsed) return { ok: false, reason: 'malformed' };
  if (parsed.expiresAt * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, state: parsed };
}

function sign(key: Buffer, body: string): string {
  return createHmac('sha256', key).update(body).digest('base64url');
}

function parsePayload(body: string): InstallState | null {
  try {
    const value = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<InstallState>;
    const { orgId, userId, nonce, expiresAt } = value;
    if (typeof orgId !== 'string' || typeof userId !== 'string' || typeof nonce !== 'string' || typeof expiresAt !== 'number') return null;
    return { orgId, userId, nonce, expiresAt };
  } catch {
    return null;
  }
}
