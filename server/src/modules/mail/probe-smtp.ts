import type { MailServerTestResult } from '@receivables/contracts';
import nodemailer from 'nodemailer';

import type { SmtpTimeouts } from '../../lib/smtp-transport';
import { smtpOptions } from '../../lib/smtp-transport';
import type { SmtpTarget } from '../../lib/smtp-url';

/** A test waits at most this long at each step, whatever the configured timeouts: a person is waiting. */
const PROBE_STEP_MS = 10_000;
/** The server's words are shown as they are, but not at any length. */
const MAX_RESPONSE_CHARS = 500;

interface NodemailerFailure {
  code?: string;
  command?: string;
  response?: string;
  message?: string;
}

/**
 * Connect, secure and sign in as the sender would, then quit (nodemailer's verify on a one-off,
 * unpooled transport). Reports the server's own words — its greeting on success, its refusal
 * otherwise — which are read from the conversation's server lines only, so nothing we sent (the
 * password) can be in them. `label` names the server in our words; `shownUser`, if any, is told
 * on success (not the installation's own account).
 */
export async function probeSmtp(
  target: SmtpTarget,
  timeouts: SmtpTimeouts,
  label: string,
  shownUser: string | null,
): Promise<MailServerTestResult> {
  const serverLines: string[] = [];
  const capture = (entry: { tnx?: string } | undefined, message: unknown) => {
    if (entry?.tnx === 'server' && typeof message === 'string') serverLines.push(message);
  };
  const step = (ms: number) => Math.min(ms, PROBE_STEP_MS);
  const stepTimeouts: SmtpTimeouts = {
    connectionMs: step(timeouts.connectionMs),
    greetingMs: step(timeouts.greetingMs),
    socketMs: step(timeouts.socketMs),
  };
  const transport = nodemailer.createTransport({
    ...smtpOptions(target, null, stepTimeouts),
    logger: { debug: capture, info: capture, warn: capture, error: capture, trace: capture, fatal: capture },
    transactionLog: true,
  });
  const scrub = (text: string) => scrubSecret(text, target.password).slice(0, MAX_RESPONSE_CHARS);
  try {
    await transport.verify();
    const greeting = serverLines.find((line) => line.startsWith('220')) ?? serverLines[0] ?? null;
    const signedIn = shownUser !== null ? ` and signed in as ${shownUser}` : target.user !== null ? ' and signed in' : '';
    return { ok: true, stage: 'done', message: capitalised(`connected to ${label}${signedIn}.`), server_response: greeting === null ? null : scrub(greeting) };
  } catch (error) {
    const failure = error as NodemailerFailure;
    const stage = stageOf(failure);
    const said = failure.response ?? (serverLines.length > 0 && stage !== 'connect' ? serverLines.at(-1) : undefined);
    const technical = failure.message ? ` (${scrub(failure.message)})` : '';
    return { ok: false, stage, message: `${capitalised(FAILURE_WORDS[stage](label))}${said ? '' : technical}.`, server_response: said ? scrub(said) : null };
  } finally {
    transport.close();
  }
}

const FAILURE_WORDS: Record<Exclude<MailServerTestResult['stage'], 'done'>, (label: string) => string> = {
  connect: (label) => `Could not reach ${label}`,
  greeting: (label) => `${label} did not answer as a mail server does`,
  tls: (label) => `Could not set up a secure connection (TLS) with ${label}`,
  auth: (label) => `${label} refused the sign-in`,
};

function stageOf(failure: NodemailerFailure): Exclude<MailServerTestResult['stage'], 'done'> {
  switch (failure.code) {
    case 'EAUTH':
    case 'ENOAUTH':
      return 'auth';
    case 'ETLS':
      return 'tls';
    case 'EPROTOCOL':
      return 'greeting';
    default:
      if (failure.command === 'CONN' && /greeting/i.test(failure.message ?? '')) return 'greeting';
      if (failure.command === 'STARTTLS') return 'tls';
      if (failure.command && failure.command !== 'CONN') return failure.command.startsWith('AUTH') ? 'auth' : 'greeting';
      return 'connect';
  }
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Defence in depth: the password, and its base64 forms, never leave in a message. */
function scrubSecret(text: string, secret: string | null): string {
  if (!secret) return text;
  let out = text;
  for (const form of [secret, Buffer.from(secret).toString('base64')]) out = out.split(form).join('•••');
  return out;
}
