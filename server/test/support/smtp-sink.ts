import type { AddressInfo } from 'node:net';

import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

/** One message as the sink received it: the envelope and the raw bytes, DKIM signature and all. */
export interface ReceivedMail {
  from: string | null;
  to: string[];
  raw: string;
  /** The user the client signed in as, if it did. */
  user: string | null;
}

/** An error whose responseCode the server answers with (e.g. 450, 550) and whose message is its text. */
export type SmtpRefusal = Error & { responseCode?: number };

export interface SmtpSinkOptions {
  /** Require this user and password (plain AUTH, no TLS: loopback only). Omit to take mail from anyone. */
  auth?: { user: string; pass: string };
  /** The server's words when it refuses a sign-in (`535 <text>`). */
  authFailureText?: string;
  /** Answer a message yourself: return an error with `responseCode` to refuse it, or nothing to accept. */
  onMessage?: (mail: ReceivedMail) => SmtpRefusal | undefined | Promise<SmtpRefusal | undefined>;
  /** The greeting's text after the host name. */
  banner?: string;
}

export interface SmtpSink {
  host: string;
  port: number;
  /** Every message accepted so far, in arrival order. */
  messages: ReceivedMail[];
  /** Sign-in attempts, accepted or not. */
  authAttempts: { user: string; accepted: boolean }[];
  /** Connections that broke (a client killed mid-session resets its socket), as a real server would log them. */
  connectionErrors: Error[];
  close(): Promise<void>;
}

/** A real SMTP server (nodemailer's smtp-server) on a random loopback port, for tests. */
export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const authAttempts: SmtpSink['authAttempts'] = [];
  const server = new SMTPServer({
    logger: false,
    // No reverse DNS of the client: loopback only, and a resolver with no network would stall each connection.
    disableReverseLookup: true,
    // close() waits this long for clients to hang up (a pooled transport keeps its connection open) before cutting them off.
    closeTimeout: 500,
    banner: options.banner ?? 'test sink ready',
    disabledCommands: options.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !options.auth,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      const accepted = auth.username === options.auth?.user && auth.password === options.auth?.pass;
      authAttempts.push({ user: auth.username ?? '', accepted });
      if (accepted) return callback(null, { user: auth.username });
      const error: SmtpRefusal = new Error(options.authFailureText ?? 'Authentication credentials invalid');
      error.responseCode = 535;
      return callback(error);
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          user: typeof session.user === 'string' ? session.user : null,
        };
        Promise.resolve(options.onMessage?.(mail)).then(
          (refusal) => {
            if (refusal) return callback(refusal);
            messages.push(mail);
            return callback();
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // A client that vanishes mid-session (the crash test SIGKILLs senders) resets its socket; the
  // server emits that as 'error', which with no listener would be an uncaught exception in the test.
  const connectionErrors: Error[] = [];
  server.on('error', (error: Error) => connectionErrors.push(error));
  const { port } = server.server.address() as AddressInfo;
  return {
    host: '127.0.0.1',
    port,
    messages,
    authAttempts,
    connectionErrors,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
