import { type AccountMail, accountMailBody } from '../../auth/account-mail';
import { type Db, withOrg } from '../../db/client';
import { pinnedSmtpTarget } from '../../lib/outbound-address';
import { transportFor } from '../../lib/smtp-transport';
import { loadMailConfig } from '../mail/mail-config';
import type { MailDeps } from '../mail/mail-deps';

/** Sends one account email of the organisation's through its own mail server. */
export type OrganisationAccountSender = (mail: AccountMail) => Promise<void>;

/**
 * The organisation's own way out for the account emails that are its own (an invitation to it),
 * when it has one (decision 0046): its mail server set in Settings → Email, sending on, a from
 * address, and the server at an address the outbound policy allows (decision 0032). The email
 * then leaves as its reminders do: from its address, DKIM-signed with its key. Null otherwise, and
 * when its password no longer opens (the secrets key changed): the installation's account mail
 * goes instead, as before. An email to a person's own account (a reset, a confirmation) belongs
 * to no organisation and always goes the installation's way.
 */
export async function organisationAccountSender(
  db: Db,
  orgId: string,
  organisationName: string,
  deps: Pick<MailDeps, 'secrets' | 'timeouts' | 'outbound'>,
): Promise<OrganisationAccountSender | null> {
  const mail = await withOrg(db, orgId, (tx) => loadMailConfig(tx, orgId, undefined, deps.secrets)).catch(() => null);
  if (!mail || mail.mode !== 'sending' || mail.smtpSource !== 'organisation' || !mail.smtp || !mail.from) return null;
  const target = await pinnedSmtpTarget(mail.smtp, deps.outbound);
  if (!target) return null;
  const from = { name: mail.from.name ?? organisationName, address: mail.from.email };
  return async (accountMail) => {
    const transport = transportFor(target, mail.dkim, deps.timeouts);
    await transport.sendMail({ from, to: accountMail.to, subject: accountMail.subject, ...accountMailBody(accountMail) });
  };
}
