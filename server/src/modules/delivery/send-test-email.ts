import { randomUUID } from 'node:crypto';

import { organisationToday, type SendToMeRequest, type SendToMeResponse } from '@receivables/contracts';
import { eq, sql } from 'drizzle-orm';

import { type Tx, withOrg } from '../../db/client';
import { authUser } from '../../db/schema';
import { domainRule, notFound } from '../../errors/domain-errors';
import { withLetterhead } from '../../lib/email-letterhead';
import { transportFor } from '../../lib/smtp-transport';
import { recordAudit } from '../../org/record-audit';
import { requireEmailTemplate } from '../emails/email-template-record';
import { loadCustomerMail } from '../emails/load-customer-mail';
import { renderEmail } from '../emails/render-email';
import { sampleCustomer } from '../emails/sample-customer';
import { previewMergeData, wordingSeed } from '../emails/template-wordings';

import { handOff } from './hand-off';
import { fromHeader, loadOrgSending, notConfiguredReason } from './org-sending';
import type { SenderDeps } from './sender-deps';

/**
 * Send a template to the signed-in person (decision 0020), whatever the sending mode: rendered
 * exactly as the editor's preview shows it for the customer chosen there, in the wording chosen
 * (issue 29); without a customer, for the organisation's top debtor (the customer owing most
 * overdue), else a made-up sample. Its subject marked "[Test] ", from the organisation's sender
 * through its mail server, DKIM-signed as a reminder would be. Not a customer's email: no event is
 * recorded, only the audit log's line that it was sent (issue 30). No mail server or from address, or a server that does not take it: 422 with the reason.
 */
export async function sendTestEmail(
  deps: SenderDeps & { orgId: string; actorId: string },
  emailId: string,
  request: SendToMeRequest = {},
): Promise<SendToMeResponse> {
  const { db, orgId } = deps;
  // The auth tables are out of the organisation role's reach: the address is read on the pool.
  const [user] = await db.select({ name: authUser.name, email: authUser.email }).from(authUser).where(eq(authUser.id, deps.actorId));
  if (!user) throw notFound('User');
  const prepared = await withOrg(db, orgId, async (tx) => {
    const template = await requireEmailTemplate(tx, orgId, emailId, 'emailId');
    const sending = await loadOrgSending(tx, orgId, deps);
    const blocked = notConfiguredReason(sending.mail);
    const from = fromHeader(sending);
    if (blocked || !from || !sending.mail.smtp) throw domainRule(blocked ?? 'No mail server is configured', 'emailId', 'not configured');
    const today = organisationToday(sending.chasing.settings.time_zone, deps.now());
    const customerId = request.customer_id ?? (await topDebtor(tx, orgId));
    const mail = customerId ? await loadCustomerMail(tx, orgId, customerId, today, 'customer_id') : sampleCustomer('GBP', today);
    const data = previewMergeData(mail, template.kind, sending.chasing, today);
    // The preview's own seed, so `vary` and `full` send the wording the preview showed.
    const letter = await renderEmail(template, data, wordingSeed(mail.customerId, request.wording));
    const rendered = withLetterhead(letter, sending.chasing.letterhead);
    const { smtp, dkim } = sending.mail;
    return { rendered, from, smtp, dkim, customerName: mail.customerName, templateName: template.name };
  });
  const messageId = `<${randomUUID()}@${prepared.from.address.split('@').at(-1) ?? 'localhost'}>`;
  const subject = `[Test] ${prepared.rendered.subject}`;
  const outcome = await handOff(transportFor(prepared.smtp, prepared.dkim, deps.timeouts), {
    eventId: messageId,
    orgId,
    customerId: orgId,
    from: prepared.from,
    to: [{ name: user.name || null, email: user.email }],
    cc: [],
    subject,
    html: prepared.rendered.html,
    text: prepared.rendered.text,
    messageId,
    replyTo: null,
    inReplyTo: null,
  });
  if (outcome.kind !== 'accepted') throw domainRule(`The mail server did not take the test email: ${outcome.response}`, 'emailId', outcome.kind);
  // Every action that sends is in the audit log (issue 30): who sent which template, to which address, as whom.
  await withOrg(db, orgId, (tx) =>
    recordAudit(tx, deps, {
      action: 'email_template.send_to_me',
      entity: 'email_template',
      entityId: emailId,
      customerId: null,
      before: null,
      after: { name: prepared.templateName, to: user.email, sample_customer: prepared.customerName },
    }));
  return { to: user.email, sample_customer: prepared.customerName, subject, message_id: messageId, smtp_response: outcome.response };
}

/** The customer owing most overdue, as the editor's preview starts with; null when nobody owes. */
async function topDebtor(tx: Tx, orgId: string): Promise<string | null> {
  const [top] = (await tx.execute<{ id: string }>(sql`
    select id from customer where org_id = ${orgId} and amount_overdue > 0
    order by amount_overdue desc, id limit 1`)).rows;
  return top?.id ?? null;
}
