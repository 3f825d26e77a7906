import { createHash } from 'node:crypto';

import nodemailer, { type SMTPPoolOptions, type SMTPTransportOptions, type Transporter } from 'nodemailer';

import type { SmtpTarget } from './smtp-url';

/** How long an SMTP connection may take to open, to greet us, and to stay silent, in milliseconds. */
export interface SmtpTimeouts {
  connectionMs: number;
  greetingMs: number;
  socketMs: number;
}

/** What nodemailer's `dkim` option takes for one signing key. */
export interface DkimKey {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/** Connections one transport (one server, credentials and key) keeps open at most. */
export const MAX_CONNECTIONS_PER_TRANSPORT = 3;
/** Transports kept at once; the least recently used beyond this is closed. */
const MAX_TRANSPORTS = 100;

const transports = new Map<string, Transporter>();

/**
 * nodemailer's options for one server: TLS from the start, STARTTLS required, or plain (never a
 * silent downgrade from what was asked). No logger: its lines could carry credentials.
 */
export function smtpOptions(target: SmtpTarget, dkim: DkimKey | null, timeouts: SmtpTimeouts): SMTPTransportOptions {
  return {
    host: target.host,
    port: target.port,
    secure: target.security === 'tls',
    requireTLS: target.security === 'starttls',
    ignoreTLS: target.security === 'none',
    ...(target.tlsServername ? { tls: { servername: target.tlsServername } } : {}),
    auth: target.user !== null ? { user: target.user, pass: target.password ?? '' } : undefined,
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
    dnsTimeout: timeouts.connectionMs,
    logger: false,
    debug: false,
    ...(dkim ? { dkim: { domainName: dkim.domainName, keySelector: dkim.keySelector, privateKey: dkim.privateKey } } : {}),
  };
}

/**
 * A pooled transport to `target`, signing with `dkim` when given; one per distinct server,
 * credentials, key and timeouts, reused across calls. The cache key is a hash: no secret is kept
 * in it, nor ever logged.
 */
export function transportFor(target: SmtpTarget, dkim: DkimKey | null, timeouts: SmtpTimeouts): Transporter {
  const key = transportKey(target, dkim, timeouts);
  const cached = transports.get(key);
  if (cached) {
    // Map order is insertion order: move it to the end, the most recently used.
    transports.delete(key);
    transports.set(key, cached);
    return cached;
  }
  const options: SMTPPoolOptions & { pool: true } = {
    ...smtpOptions(target, dkim, timeouts),
    pool: true,
    maxConnections: MAX_CONNECTIONS_PER_TRANSPORT,
    maxMessages: 100,
    // The sender records each outcome itself; a message is handed over once, not requeued by the pool.
    maxRequeues: 0,
  };
  const transport = nodemailer.createTransport(options);
  transports.set(key, transport);
  if (transports.size > MAX_TRANSPORTS) {
    const [oldestKey, oldest] = transports.entries().next().value ?? [];
    if (oldestKey !== undefined) transports.delete(oldestKey);
    oldest?.close();
  }
  return transport;
}

/** Close every pooled transport (shutdown); in-flight messages finish first. */
export function closeTransports(): void {
  for (const transport of transports.values()) transport.close();
  transports.clear();
}

/** How many transports are open (tests). */
export function openTransportCount(): number {
  return transports.size;
}

function transportKey(target: SmtpTarget, dkim: DkimKey | null, timeouts: SmtpTimeouts): string {
  return createHash('sha256')
    .update(JSON.stringify([target, dkim, timeouts.connectionMs, timeouts.greetingMs, timeouts.socketMs]))
    .digest('base64url');
}
