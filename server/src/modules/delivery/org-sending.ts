import type { EmailTemplate } from '@receivables/contracts';

import type { Tx } from '../../db/client';
import { OUTBOUND_REFUSAL, type OutboundPolicy, pinnedSmtpTarget } from '../../lib/outbound-address';
import { type ChasingContext, readChasingContext } from '../../org/read-chasing-settings';
import { nextSendSlot, type SendCalendar } from '../../org/send-calendar';
import { selectEmailTemplates } from '../emails/email-template-record';
import { loadMailConfig, type MailConfig } from '../mail/mail-config';

import type { SenderDeps } from './sender-deps';

/** What sending any email of one organisation depends on, read once per pass (or per send by hand). */
export interface OrgSending {
  orgId: string;
  mail: MailConfig;
  chasing: ChasingContext;
  templates: ReadonlyMap<string, EmailTemplate>;
}

/** `tx` is scoped to the organisation (withOrg). Opens its SMTP password and DKIM key. */
export async function loadOrgSending(tx: Tx, orgId: string, deps: Pick<SenderDeps, 'secrets' | 'instanceSmtpUrl' | 'outbound'>): Promise<OrgSending> {
  const mail = await withOutboundPolicy(await loadMailConfig(tx, orgId, deps.instanceSmtpUrl, deps.secrets), deps.outbound);
  const chasing = await readChasingContext(tx, orgId);
  const templates = new Map((await selectEmailTemplates(tx, orgId)).map((t) => [t.id, t]));
  return { orgId, mail, chasing, templates };
}

/**
 * An organisation's own mail server is reached only at an address the outbound policy allows, and
 * at the address checked (decision 0032); the installation's SMTP_URL is the administrator's own.
 */
async function withOutboundPolicy(mail: MailConfig, policy: OutboundPolicy): Promise<MailConfig> {
  if (mail.smtpSource !== 'organisation' || !mail.smtp) return mail;
  const pinned = await pinnedSmtpTarget(mail.smtp, policy);
  return pinned ? { ...mail, smtp: pinned } : { ...mail, smtp: null, smtpRefused: true };
}

/** Whether `now` lies inside the organisation's send window, on a working day that is not a holiday. */
export function isInSendWindow(now: Date, calendar: SendCalendar): boolean {
  return nextSendSlot(now, calendar).at.getTime() === now.getTime();
}

/** Why mail cannot leave by SMTP for this organisation, in words, or null when it can. */
export function notConfiguredReason(mail: MailConfig): string | null {
  if (mail.smtpRefused) return `The organisation's mail server ${OUTBOUND_REFUSAL}`;
  if (!mail.smtp && !mail.from) return 'No mail server and no from address are configured (Settings → Email)';
  if (!mail.smtp) return 'No mail server is configured (Settings → Email, or SMTP_URL for the installation)';
  if (!mail.from) return 'No from address is configured (Settings → Email)';
  return null;
}

/** The sender as a header: the organisation's sender name (else its own name) and from address. */
export function fromHeader(sending: Pick<OrgSending, 'mail' | 'chasing'>): { name: string; address: string } | null {
  const from = sending.mail.from;
  if (!from) return null;
  return { name: from.name ?? sending.chasing.senderName, address: from.email };
}

/** How a from header is stored on the event and shown: `Name <address>`, as the detail shows a planned one. */
export function formatAddress(address: { name: string; address: string } | null): string | null {
  if (!address) return null;
  return address.name ? `${address.name} <${address.address}>` : address.address;
}
