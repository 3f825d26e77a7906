import type { InboundAnswerInput, InboundAnswerResponse } from '@receivables/contracts';
import { and, eq } from 'drizzle-orm';

import { withOrg } from '../../db/client';
import { customer, event } from '../../db/schema';
import { domainRule } from '../../errors/domain-errors';
import { transportFor } from '../../lib/smtp-transport';
import { recordAudit } from '../../org/record-audit';
import { claimForHandOff, recordHandOff } from '../delivery/event-outcomes';
import { handOff, isSendable } from '../delivery/hand-off';
import { loadOrgSending, notConfiguredReason } from '../delivery/org-sending';
import { isUnsendable, prepareEmail } from '../delivery/prepare-email';
import type { SenderDeps } from '../delivery/sender-deps';
import { recordStatuses } from '../scheduling/event-writes';

import { lockInboundEmail, requireInboundDetail } from './inbound-email-view';
import { composeWrittenAnswer } from './written-answer';

/**
 * Send the answer a person wrote to a received email (decision 0044), now, by the sender's own
 * path — exactly as the invoice copy goes (send-invoice-copy.ts): in ONE committed transaction the
 * answer is written as an outbox email (`answer = 'written'`, linked to the received email's event
 * and threaded under its Message-ID, its content fixed), claimed for the hand-off and audited;
 * then it is handed to the mail server and the outcome recorded as for any email (a transient
 * refusal is retried by the sender, as sent even in dry run). Unlike the copy, a reply may be
 * answered as often as a person writes. Sending disabled or no mail server: 422, nothing kept.
 */
export async function sendWrittenAnswer(
  deps: SenderDeps & { orgId: string; actorId: string },
  id: string,
  input: InboundAnswerInput,
): Promise<InboundAnswerResponse> {
  const { db, orgId, actorId } = deps;
  const now = deps.now();
  const claimed = await withOrg(db, orgId, async (tx) => {
    const message = await lockInboundEmail(tx, orgId, id);
    const sending = await loadOrgSending(tx, orgId, deps);
    const answer = composeWrittenAnswer(message, input, sending.chasing);
    if (sending.mail.mode === 'disabled') throw domainRule('Sending is disabled for the organisation: nothing is sent, even by hand', 'sending', 'sending is disabled');
    const blocked = notConfiguredReason(sending.mail);
    if (blocked) throw domainRule(blocked, 'sending', 'no mail server or from address');
    const [row] = await tx
      .insert(event)
      .values({
        orgId,
        customerId: message.customerId as string,
        direction: 'outbox',
        status: 'pending',
        subject: answer.subject,
        html: answer.html,
        text: answer.text,
        toAddresses: [{ name: answer.to.name, email: answer.to.address }],
        inReplyTo: message.messageId,
        answersEventId: message.eventId,
        answer: 'written',
        scheduledFor: now,
        actorId,
      })
      .returning();
    if (!row) throw new Error('The answer was not written');
    await recordStatuses(tx, orgId, now, [{ eventId: row.id, status: 'pending', reason: null, actorId }]);
    const email = await prepareEmail(tx, sending, row, now, deps.delivery.replyKey);
    const smtp = sending.mail.smtp;
    if (isUnsendable(email)) throw domainRule(email.error, 'sending', email.reason);
    if (!isSendable(email) || !smtp) throw domainRule('No mail server or from address is configured', 'sending', 'not configured');
    await claimForHandOff(tx, email, now, deps.delivery.leaseMs, { actorId, from: 'pending' });
    const [named] = await tx
      .select({ name: customer.name })
      .from(customer)
      .where(and(eq(customer.orgId, orgId), eq(customer.id, row.customerId)));
    // In words on the audit screen and the timeline: "answered Jane Smith at Acme Ltd: “Re: …”".
    await recordAudit(tx, deps, {
      action: 'event.answer',
      entity: 'event',
      entityId: row.id,
      customerId: row.customerId,
      before: null,
      after: {
        subject: answer.subject,
        to: answer.to.address,
        to_name: answer.to.name,
        customer_name: named?.name ?? null,
        inbound_email_id: message.id,
        answers_event_id: message.eventId,
      },
    });
    return { email, smtp, dkim: sending.mail.dkim, eventId: row.id };
  });
  const outcome = await handOff(transportFor(claimed.smtp, claimed.dkim, deps.timeouts), claimed.email);
  await recordHandOff(db, claimed.email, outcome, deps.now(), deps.delivery, actorId);
  return withOrg(db, orgId, async (tx) => {
    const [sent] = await tx.select({ status: event.status }).from(event).where(and(eq(event.orgId, orgId), eq(event.id, claimed.eventId)));
    return { answer_event_id: claimed.eventId, status: sent?.status ?? 'pending', reply: await requireInboundDetail(tx, db, orgId, id) };
  });
}
