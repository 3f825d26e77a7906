// An SMTP server as the sender reaches it, and the instance's SMTP_URL read into one (decision 0019).

export type SmtpSecurity = 'tls' | 'starttls' | 'none';

/** A mail server to hand messages to, with its credentials in clear (never logged, never answered). */
export interface SmtpTarget {
  /** A name or an address; once checked against the outbound policy, the address it resolved to. */
  host: string;
  /** The name to check the server's TLS certificate against when `host` is the address it resolved to. */
  tlsServername?: string;
  port: number;
  security: SmtpSecurity;
  user: string | null;
  password: string | null;
}

/** The default port of each kind of connection: submission with TLS, submission, plain SMTP. */
export const DEFAULT_SMTP_PORTS: Record<SmtpSecurity, number> = { tls: 465, starttls: 587, none: 25 };

/**
 * The instance's SMTP_URL as a target: `smtps://` is TLS from the start (default port 465);
 * `smtp://` requires STARTTLS (default 587) unless `?security=none` (a local mail catcher) or
 * `?security=starttls|tls` says otherwise. User and password are percent-decoded.
 */
export function smtpTargetFromUrl(url: string): SmtpTarget {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // Not rethrown as is: Node's error keeps the input, password and all.
    throw new Error('not a URL: smtp://[user:password@]host[:port]');
  }
  if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') throw new Error('an SMTP URL starts with smtp:// or smtps://');
  if (!parsed.hostname) throw new Error('an SMTP URL names a host');
  const asked = parsed.searchParams.get('security');
  if (asked !== null && asked !== 'tls' && asked !== 'starttls' && asked !== 'none') throw new Error('security= is tls, starttls or none');
  const security: SmtpSecurity = asked ?? (parsed.protocol === 'smtps:' ? 'tls' : 'starttls');
  // URL keeps an IPv6 host in brackets; a socket wants it bare.
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  return {
    host,
    port: parsed.port ? Number(parsed.port) : DEFAULT_SMTP_PORTS[security],
    security,
    user: parsed.username ? decodeURIComponent(parsed.username) : null,
    password: parsed.password ? decodeURIComponent(parsed.password) : null,
  };
}
