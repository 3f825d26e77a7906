/** Where to go when a redirect target is missing or unsafe. */
export const DEFAULT_REDIRECT = '/';

// Any C0/C1 control character or whitespace other than a plain space: browsers strip tabs and
// newlines from URLs, so `/\t/evil.com` would otherwise turn into a protocol-relative URL.

const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Returns `value` when it is a same-origin relative path (`/x…`), otherwise `/`.
 * Rejects `//host`, `/\host` (browsers treat `\` as `/`), schemes such as `https:` or
 * `javascript:`, and anything with control characters, so an attacker cannot craft a sign-in
 * link that bounces the user to another site after they authenticate.
 */
export function safeRedirect(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0) return DEFAULT_REDIRECT;
  if (CONTROL_CHARS.test(value)) return DEFAULT_REDIRECT;
  if (!value.startsWith('/')) return DEFAULT_REDIRECT;
  const second = value[1];
  if (second === '/' || second === '\\') return DEFAULT_REDIRECT;
  // Belt and braces: resolve against a dummy origin and insist the origin did not change.
  try {
    const base = 'http://same-origin.invalid';
    if (new URL(value, base).origin !== base) return DEFAULT_REDIRECT;
  } catch {
    return DEFAULT_REDIRECT;
  }
  return value;
}
