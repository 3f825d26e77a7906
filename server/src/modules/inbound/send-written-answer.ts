import type { InboundAnswerInput, InboundAnswerResponse } from '@receivables/contracts';
import { and, eq } from 'drizzle-orm';

import { withOrg } from '../../db/client';
import { customer, event } from '../../db/schema';
import { transportFor } from '../../lib/smtp-transport';
import { recordAudit } from '../../org/record-audit';
import { recordHandOff } from '../delivery/event-outcomes';
import { handOff } from '../delivery/hand-off';
import { loadOrgSending } from '../delivery/org-sending';
import type { SenderDeps } from '../delivery/sender-deps';

import { claimAnswer, requireSendingByHand } from './claim-answer';
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
    requireSendingByHand(sending, 'sending');
    const answered = await claimAnswer(tx, deps, { sending, message, answer, kind: 'written', now, field: 'sending' });
    const [named] = await tx
      .select({ name: customer.name })
      .from(customer)
      .where(and(eq(customer.orgId, orgId), eq(customer.id, answered.customerId)));
    // In words on the audit screen and the timeline: "answered Jane Smith at Acme Ltd: “Re: …”".
    await recordAudit(tx, deps, {
      action: 'event.answer',
      entity: 'event',
      entityId: answered.eventId,
      customerId: answered.customerId,
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
    return answered;
  });
  const outcome = await handOff(transportFor(claimed.smtp, claimed.dkim, deps.timeouts), claimed.email);
  await recordHandOff(db, claimed.email, outcome, deps.now(), deps.delivery, actorId);
  return withOrg(db, orgId, async (tx) => {
    const [sent] = await tx.select({ status: event.status }).from(event).where(and(eq(event.orgId, orgId), eq(event.id, claimed.eventId)));
    return { answer_event_id: claimed.eventId, status: sent?.status ?? 'pending', reply: await requireInboundDetail(tx, db, orgId, id) };
  });
}
