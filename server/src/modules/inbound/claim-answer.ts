import { type Tx } from '../../db/client';
import type { EventAnswerKind } from '../../db/schema';
import { event } from '../../db/schema';
import { domainRule } from '../../errors/domain-errors';
import { claimForHandOff } from '../delivery/event-outcomes';
import { isSendable, type SendableEmail } from '../delivery/hand-off';
import { notConfiguredReason, type OrgSending } from '../delivery/org-sending';
import { isUnsendable, prepareEmail } from '../delivery/prepare-email';
import type { SenderDeps } from '../delivery/sender-deps';
import { recordStatuses } from '../scheduling/event-writes';

import type { InboundEmailRecord } from './store-inbound-email';

/** What an answer says and to whom, written before it is sent. */
export interface ComposedAnswer {
  to: { name: string | null; address: string };
  subject: string;
  html: string;
  text: string;
}

/** An answer claimed for its hand-off: the email, its event, and the server it goes through. */
export interface ClaimedAnswer {
  email: SendableEmail;
  eventId: string;
  customerId: string;
  smtp: NonNullable<OrgSending['mail']['smtp']>;
  dkim: OrgSending['mail']['dkim'];
}

/** A person's answer goes whatever the sending mode but `disabled`, and only with a mail server and a from address; else 422 on `field`. */
export function requireSendingByHand(sending: OrgSending, field: string): void {
  if (sending.mail.mode === 'disabled') throw domainRule('Sending is disabled for the organisation: nothing is sent, even by hand', field, 'sending is disabled');
  const blocked = notConfiguredReason(sending.mail);
  if (blocked) throw domainRule(blocked, field, 'no mail server or from address');
}

/**
 * Write an answer to a received email as an outbox email of its own (decisions 0021, 0044): linked
 * to the received email's event (`answer` says which kind), threaded under its Message-ID, its
 * content fixed, sent now by the person; then rendered and claimed for the hand-off in the same
 * transaction, so the caller commits it claimed and hands it over after. Unsendable: 422 on `field`.
 */
export async function claimAnswer(
  tx: Tx,
  deps: Pick<SenderDeps, 'delivery'> & { orgId: string; actorId: string },
  input: { sending: OrgSending; message: InboundEmailRecord; answer: ComposedAnswer; kind: EventAnswerKind; now: Date; field: string },
): Promise<ClaimedAnswer> {
  const { orgId, actorId } = deps;
  const { sending, message, answer, kind, now, field } = input;
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
      answer: kind,
      scheduledFor: now,
      actorId,
    })
    .returning();
  if (!row) throw new Error('The answer was not written');
  await recordStatuses(tx, orgId, now, [{ eventId: row.id, status: 'pending', reason: null, actorId }]);
  const email = await prepareEmail(tx, sending, row, now, deps.delivery.replyKey);
  const smtp = sending.mail.smtp;
  if (isUnsendable(email)) throw domainRule(email.error, field, email.reason);
  if (!isSendable(email) || !smtp) throw domainRule('No mail server or from address is configured', field, 'not configured');
  await claimForHandOff(tx, email, now, deps.delivery.leaseMs, { actorId, from: 'pending' });
  return { email, eventId: row.id, customerId: row.customerId, smtp, dkim: sending.mail.dkim };
}
