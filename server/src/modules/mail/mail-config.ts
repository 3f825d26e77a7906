import type { Tx } from '../../db/client';
import type { SecretBox } from '../../lib/secret-box';
import type { DkimKey } from '../../lib/smtp-transport';
import { type SmtpTarget, smtpTargetFromUrl } from '../../lib/smtp-url';

import { readMailRows } from './read-mail-rows';


export { DEFAULT_SMTP_PORTS, type SmtpSecurity, type SmtpTarget, smtpTargetFromUrl } from '../../lib/smtp-url';

/** Everything the sender needs to know about how an organisation's mail leaves (decision 0019). */
export interface MailConfig {
  orgId: string;
  mode: 'sending' | 'dryrun' | 'disabled';
  /** Null until a from address is set. */
  from: { name: string | null; email: string } | null;
  replyToDomain: string | null;
  signature: string | null;
  /** The organisation's own server, else the instance SMTP_URL, else null. */
  smtp: SmtpTarget | null;
  smtpSource: 'organisation' | 'instance' | null;
  /** The organisation's own server was not used: its address is refused by the outbound policy (decision 0032). */
  smtpRefused?: boolean;
  dkim: DkimKey | null;
}

/** What a sealed secret is bound to, so it opens only in its own organisation's own column (lib/secret-box.ts). */
export const secretContext = (orgId: string, column: 'smtp_password' | 'dkim_private_key'): string => `org_mail_settings/${orgId}/${column}`;

/**
 * One organisation's mail configuration; `tx` must be scoped to it with withOrg. Secrets are opened
 * here: a secret sealed with another key throws (SecretBoxError) rather than sending without it.
 */
export async function loadMailConfig(tx: Tx, orgId: string, instanceSmtpUrl: string | undefined, secrets: SecretBox): Promise<MailConfig> {
  const { sender: settings, mail } = await readMailRows(tx, orgId);

  let smtp: SmtpTarget | null = null;
  let smtpSource: MailConfig['smtpSource'] = null;
  if (mail?.smtpHost && mail.smtpPort !== null && mail.smtpSecurity !== null) {
    smtp = {
      host: mail.smtpHost,
      port: mail.smtpPort,
      security: mail.smtpSecurity,
      user: mail.smtpUsername,
      password: mail.smtpPasswordSealed === null ? null : secrets.open(mail.smtpPasswordSealed, secretContext(orgId, 'smtp_password')),
    };
    smtpSource = 'organisation';
  } else if (instanceSmtpUrl) {
    smtp = smtpTargetFromUrl(instanceSmtpUrl);
    smtpSource = 'instance';
  }

  const dkim: DkimKey | null =
    mail?.dkimDomain && mail.dkimSelector && mail.dkimPrivateKeySealed
      ? {
        domainName: mail.dkimDomain,
        keySelector: mail.dkimSelector,
        privateKey: secrets.open(mail.dkimPrivateKeySealed, secretContext(orgId, 'dkim_private_key')),
      }
      : null;

  return {
    orgId,
    mode: settings.sendingMode,
    from: settings.fromEmail ? { name: settings.fromName, email: settings.fromEmail } : null,
    replyToDomain: settings.replyToDomain,
    signature: settings.signature,
    smtp,
    smtpSource,
    dkim,
  };
}
