import type { DeliverySettings, SmtpTimeouts } from '../../config';
import type { Db } from '../../db/client';
import type { SecretBox } from '../../lib/secret-box';

/** What the sender logs; never a password, never a message body (decision 0020). */
export interface SenderLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

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
  delivery: DeliverySettings;
}
