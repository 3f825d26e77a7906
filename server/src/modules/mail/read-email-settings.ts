import type { DkimKey, EmailSettings, SendingModeState } from '@receivables/contracts';

import type { DbOrTx } from '../../db/client';

import { dkimDnsRecord } from './dkim-key';
import { readInboundSettings } from './inbound-settings';
import type { MailDeps } from './mail-deps';
import { countDueNext24h, findNextSendDay, type MailRow, type MailRows as Rows, readMailRows } from './read-mail-rows';

/** Settings → Email as shown: nothing secret is opened, so a lost key never hides the settings. */
export async function readEmailSettings(db: DbOrTx, orgId: string, deps: Pick<MailDeps, 'instanceSmtpUrl' | 'now' | 'publicUrl'>): Promise<EmailSettings> {
  const rows = await readMailRows(db, orgId);
  const { sender, mail } = rows;
  const own =
    mail?.smtpHost && mail.smtpPort !== null && mail.smtpSecurity !== null
      ? {
        host: mail.smtpHost,
        port: mail.smtpPort,
        security: mail.smtpSecurity,
        username: mail.smtpUsername,
        has_password: mail.smtpPasswordSealed !== null,
      }
      : null;
  return {
    sender: {
      from_name: sender.fromName,
      from_email: sender.fromEmail,
      reply_to_domain: sender.replyToDomain,
      signature: sender.signature,
    },
    mail_server: { in_use: mailServerInUse(rows, deps.instanceSmtpUrl), instance_available: deps.instanceSmtpUrl !== undefined, own },
    dkim: dkimKeyOf(mail),
    sending: await sendingStateOf(db, orgId, rows, deps),
    inbound: await readInboundSettings(db, orgId, deps.publicUrl),
  };
}

/** The sending mode, what `sending` still needs, and how many emails it would send in the next day. */
export async function readSendingModeState(db: DbOrTx, orgId: string, deps: Pick<MailDeps, 'instanceSmtpUrl' | 'now'>): Promise<SendingModeState> {
  return sendingStateOf(db, orgId, await readMailRows(db, orgId), deps);
}

/** Which server mail would go through: the organisation's own, else the installation's, else none. */
export function mailServerInUse({ mail }: Rows, instanceSmtpUrl: string | undefined): EmailSettings['mail_server']['in_use'] {
  if (mail?.smtpHost) return 'organisation';
  return instanceSmtpUrl ? 'instance' : null;
}

/** What switching to `sending` still needs (decision 0019): a mail server and a from address. */
export function missingForSending(rows: Rows, instanceSmtpUrl: string | undefined): SendingModeState['missing'] {
  const missing: SendingModeState['missing'] = [];
  if (mailServerInUse(rows, instanceSmtpUrl) === null) missing.push('mail_server');
  if (!rows.sender.fromEmail) missing.push('from_email');
  return missing;
}

async function sendingStateOf(db: DbOrTx, orgId: string, rows: Rows, deps: Pick<MailDeps, 'instanceSmtpUrl' | 'now'>): Promise<SendingModeState> {
  return {
    sending_mode: rows.sender.sendingMode,
    missing: missingForSending(rows, deps.instanceSmtpUrl),
    due_next_24h: await countDueNext24h(db, orgId, deps.now()),
    next_send: await findNextSendDay(db, orgId, deps.now()),
  };
}

function dkimKeyOf(mail: MailRow | undefined): DkimKey | null {
  if (!mail?.dkimDomain || !mail.dkimSelector || !mail.dkimPublicKey || !mail.dkimCreatedAt) return null;
  const record = dkimDnsRecord(mail.dkimDomain, mail.dkimSelector, mail.dkimPublicKey);
  return {
    domain: mail.dkimDomain,
    selector: mail.dkimSelector,
    created_at: mail.dkimCreatedAt.toISOString(),
    dns_record: { type: 'TXT', ...record },
  };
}
