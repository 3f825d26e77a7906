import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type Stripe from 'stripe';

import type { DeliverySettings } from '../../config-slices/delivery';
import type { Db } from '../../db/client';
import type { OperationLog } from '../../lib/operation-log';
import type { OutboundPolicy } from '../../lib/outbound-address';
import type { SecretBox } from '../../lib/secret-box';
import type { SmtpTimeouts } from '../../lib/smtp-transport';
import type { MailDeps } from '../mail/mail-deps';


/** What the sender logs; never a password, never a message body (decision 0020). */
export type SenderLog = OperationLog;

/**
 * What the sender's use cases need: the database, the clock, the secrets key (to open an
 * organisation's SMTP password and DKIM key), the instance's default mail server, the SMTP
 * timeouts and the sender's bounds. A job, a route and a test build the same.
 */
export interface SenderDeps {
  db: Db;
  now: () => Date;
  log: SenderLog;
  secrets: SecretBox;
  instanceSmtpUrl: string | undefined;
  timeouts: SmtpTimeouts;
  /** Where an organisation's own mail server may be (decision 0032). */
  outbound: OutboundPolicy;
  delivery: DeliverySettings;
  /**
   * The Stripe SDK, to re-read a customer's Stripe invoices just before their email goes
   * (decision 0023); null or absent without a Stripe key.
   */
  stripe?: Stripe | null;
}

const senderLog = (log: FastifyBaseLogger): SenderLog => ({
  info: (message) => log.info(message),
  warn: (message) => log.warn(message),
  error: (message, error) => log.error({ err: error }, message),
});

/**
 * A route's sender deps: the signed-in person's organisation on the pool (a send commits its own
 * claim before the hand-off, never inside an idempotency key's transaction) and the request's log.
 */
export function requestSenderDeps(
  request: FastifyRequest,
  options: { mail: MailDeps; delivery: DeliverySettings; stripe?: Stripe | null },
): SenderDeps & { orgId: string; actorId: string } {
  return {
    db: request.org.db,
    orgId: request.org.orgId,
    actorId: request.org.actorId,
    now: options.mail.now,
    log: senderLog(request.log),
    secrets: options.mail.secrets,
    instanceSmtpUrl: options.mail.instanceSmtpUrl,
    timeouts: options.mail.timeouts,
    outbound: options.mail.outbound,
    delivery: options.delivery,
    stripe: options.stripe ?? null,
  };
}
