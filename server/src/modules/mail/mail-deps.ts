import type { OutboundPolicy } from '../../lib/outbound-address';
import type { SecretBox } from '../../lib/secret-box';
import type { SmtpTimeouts } from '../../lib/smtp-transport';

/** What the mail settings' use cases need beyond the database (decision 0019). */
export interface MailDeps {
  /** Seals and opens the SMTP password and the DKIM private key. */
  secrets: SecretBox;
  /** The installation's default mail server (SMTP_URL); never answered nor logged. */
  instanceSmtpUrl: string | undefined;
  timeouts: SmtpTimeouts;
  /** Where an organisation's own mail server may be (decision 0032). */
  outbound: OutboundPolicy;
  /** Where the app is reached (PUBLIC_URL), for the inbound webhook's address. */
  publicUrl: string;
  now: () => Date;
}
