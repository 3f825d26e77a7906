import { parseJSON } from 'better-auth/client';

/** better-auth's error answer as its client hands it back: the body's fields, and the status. */
export interface AuthGetError {
  status: number;
  statusText: string;
  message?: string;
  error?: { code?: string; message?: string };
}

export type AuthGetAnswer = { data: unknown; error: null } | { data: null; error: AuthGetError };

/**
 * A read of better-auth's own API (`GET /api/auth/…`) answered as its client answers it —
 * `{data, error}`, the body read by better-auth's JSON parser (which revives dates), a failed
 * fetch thrown — without loading the client. Every signed-in page asks for the session and the
 * organisations first; the client itself (~15 kB gzip) loads only with what acts: sign in and up,
 * sign out, switch organisation (decision 0004, Route splitting).
 */
export async function authGet(path: `/${string}`): Promise<AuthGetAnswer> {
  const response = await globalThis.fetch(`/api/auth${path}`, { credentials: 'include' });
  const text = await response.text();
  if (response.ok) return { data: text ? parseJSON(text, { strict: false }) : null, error: null };
  return { data: null, error: { ...readErrorBody(text), status: response.status, statusText: response.statusText } };
}

function readErrorBody(text: string): Partial<AuthGetError> {
  try {
    const body: unknown = JSON.parse(text);
    return body !== null && typeof body === 'object' ? body : {};
  } catch {
    return {};
  }
}
