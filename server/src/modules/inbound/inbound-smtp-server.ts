import type { AddressInfo } from 'node:net';

import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

import type { OperationLog } from '../../lib/operation-log';

import { type InboundTarget, resolveInboundTarget } from './inbound-target';
import { type InboundDeps, receiveInboundEmail } from './receive-inbound-email';

export interface InboundSmtpOptions {
  host: string;
  port: number;
  /** The largest message taken, announced with SIZE; a bigger one is refused with 552. */
  maxBytes: number;
}

export interface InboundSmtpServer {
  host: string;
  port: number;
  close(): Promise<void>;
}

type Accepted = Exclude<InboundTarget, { kind: 'refused' }>;

/** An error smtp-server answers with `code` and these words. */
function refusal(code: number, text: string): Error & { responseCode: number } {
  return Object.assign(new Error(text), { responseCode: code });
}

/**
 * The worker's SMTP listener for replies (decision 0021, "Two ways in"): no sign-in (mail comes
 * from anyone's server), each recipient checked at RCPT TO — a reply token that is not ours, or a
 * domain no organisation receives for, is refused before any data is taken — then the message
 * handed to the one pipeline. A failure of ours answers 451, so the sending server tries again
 * and nothing is lost.
 */
export async function startInboundSmtpServer(
  deps: InboundDeps & { log: OperationLog },
  options: InboundSmtpOptions,
): Promise<InboundSmtpServer> {
  const recipients = new Map<string, Accepted[]>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH'],
    // No certificate of ours to offer: TLS belongs to the MTA or proxy in front (README, "Receiving replies").
    hideSTARTTLS: true,
    size: options.maxBytes,
    banner: 'Receivables replies',
    logger: false,
    onConnect(session, callback) {
      recipients.set(session.id, []);
      callback();
    },
    onClose(session) {
      recipients.delete(session.id);
    },
    onMailFrom(_address, session, callback) {
      // A new transaction on the same connection starts with no recipients.
      recipients.set(session.id, []);
      callback();
    },
    onRcptTo(address, session, callback) {
      resolveInboundTarget(deps.db, deps.replyKey, address.address)
        .then((target) => {
          if (target.kind === 'refused') {
            const text = target.why === 'forged_token' ? '5.1.1 No such reply address' : '5.1.2 We do not receive mail for this domain';
            callback(refusal(550, text));
            return;
          }
          recipients.get(session.id)?.push(target);
          callback();
        })
        .catch((error: unknown) => {
          deps.log.error('inbound mail: a recipient could not be checked', error);
          callback(refusal(451, '4.3.0 Try again later'));
        });
    },
    onData(stream, session, callback) {
      readMessage(stream, options.maxBytes)
        .then(async (raw) => {
          if (raw === null) return callback(refusal(552, `5.3.4 Message larger than ${options.maxBytes} bytes`));
          const outcome = await receiveInboundEmail(deps, arrived(raw, session, recipients.get(session.id) ?? []));
          if (outcome.status === 'refused') return callback(refusal(550, '5.1.1 No organisation receives this message'));
          deps.log.info(`inbound mail: ${outcome.status}${outcome.status === 'stored' ? ` (${outcome.kind})` : ''}`);
          return callback(null, 'Received');
        })
        .catch((error: unknown) => {
          deps.log.error('inbound mail: a message could not be kept', error);
          callback(refusal(451, '4.3.0 Try again later'));
        });
    },
  });
  // A client that drops its connection is logged by the server, not thrown.
  server.on('error', (error) => deps.log.warn(`inbound mail: ${error.message}`));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.server.address() as AddressInfo;
  return {
    host: options.host,
    port: address.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function arrived(raw: Buffer, session: SMTPServerSession, targets: Accepted[]) {
  const from = session.envelope.mailFrom;
  return {
    raw,
    channel: 'smtp' as const,
    envelopeFrom: from === false ? null : from.address || null,
    envelopeTo: session.envelope.rcptTo.map((r) => r.address),
    targets,
  };
}

/** The message's bytes, or null when it ran past `maxBytes` (the rest is read and dropped). */
async function readMessage(stream: SMTPServerDataStream, maxBytes: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = chunk as Buffer;
    size += bytes.length;
    if (size <= maxBytes) chunks.push(bytes);
  }
  return stream.sizeExceeded || size > maxBytes ? null : Buffer.concat(chunks);
}
