/**
 * What a hand-off to a mail server came to (decision 0020). Only what is certain is retried:
 * the server said "not now" (4xx, or 503: wrong moment in the session), or the message never
 * left (no connection, no greeting, no TLS, a refused sign-in). A 5xx is the server's final no.
 * Anything else — the connection timed out or dropped after the session began — may have
 * happened after the server took the message: its outcome is unknown, and it is never resent
 * on its own (at most once).
 */
export type HandOffOutcome =
  | { kind: 'accepted'; response: string }
  | { kind: 'rejected'; response: string }
  | { kind: 'transient'; response: string }
  | { kind: 'unknown'; response: string };

/** The parts of a nodemailer error the decision reads. */
interface SmtpError {
  message?: unknown;
  code?: unknown;
  responseCode?: unknown;
  response?: unknown;
  timeoutType?: unknown;
}

/** Errors raised before any part of a message can have reached the server. */
const BEFORE_THE_MESSAGE = new Set(['EDNS', 'ETLS', 'EAUTH', 'ENOAUTH', 'EREQUIRETLS', 'ESTREAM']);
/** Timeouts of the phases before the session starts: connecting, the greeting, the TLS upgrade. */
const SETUP_TIMEOUTS = new Set(['CONNECT_TIMEOUT', 'GREETING_TIMEOUT', 'UPGRADE_TIMEOUT']);
/** Socket errors that mean no connection was ever made. */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EADDRNOTAVAIL']);

export function classifySmtpError(error: unknown): HandOffOutcome {
  const e: SmtpError = typeof error === 'object' && error !== null ? error : { message: String(error) };
  const response = smtpWords(e);
  const type = typeof e.code === 'string' ? e.code : '';
  // A refused sign-in (535) refuses our configuration, not this email: it is tried again.
  if (BEFORE_THE_MESSAGE.has(type)) return { kind: 'transient', response };
  const code = typeof e.responseCode === 'number' ? e.responseCode : null;
  if (code !== null && code >= 500 && code !== 503) return { kind: 'rejected', response };
  if (code !== null && code >= 400) return { kind: 'transient', response };
  const originalCode = (e as { originalCode?: unknown }).originalCode;
  if (type === 'ETIMEDOUT' && typeof e.timeoutType === 'string' && SETUP_TIMEOUTS.has(e.timeoutType)) return { kind: 'transient', response };
  if ((type === 'ECONNECTION' || type === 'ESOCKET') && typeof originalCode === 'string' && NEVER_CONNECTED.has(originalCode)) {
    return { kind: 'transient', response };
  }
  return { kind: 'unknown', response };
}

/** The server's own words when it answered, else what went wrong, on one line (stored and shown). */
export function smtpWords(e: SmtpError): string {
  const message = typeof e.message === 'string' ? e.message : 'unknown error';
  const words = typeof e.response === 'string' && e.response.trim() !== '' ? e.response : message;
  return words.replace(/\s+/g, ' ').trim().slice(0, 1000);
}
