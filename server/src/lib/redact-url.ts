/** Query parameters that carry a secret: account links' tokens, an install's signature and state. */
const SECRET_PARAMS = new Set(['token', 'code', 'state', 'install_signature', 'signature', 'secret', 'callbackurl']);
/** Path segments after which the next one is a secret: better-auth's reset link, an invitation's id. */
const SECRET_AFTER = new Set(['reset-password', 'invitations', 'verify-email']);

/**
 * A request URL as the log may keep it (decision 0026): the secrets a link carries — a reset or
 * confirmation token, an invitation's id and token — replaced, so whoever reads the log cannot
 * follow the link a person just clicked. The rest stays, to tell requests apart.
 */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  const path = at < 0 ? url : url.slice(0, at);
  const segments = path.split('/');
  const redactedPath = segments.map((segment, i) => (i > 0 && SECRET_AFTER.has((segments[i - 1] ?? '').toLowerCase()) && segment ? '[redacted]' : segment)).join('/');
  if (at < 0) return redactedPath;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is kept as it came: it carries no value to hide.
      }
      return eq >= 0 && SECRET_PARAMS.has(decoded.toLowerCase()) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${redactedPath}?${query}`;
}
