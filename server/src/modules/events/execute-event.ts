import { type EventDetail, STATUS_REASON_LABELS, type StatusReason } from '@receivables/contracts';
import { and, eq, sql } from 'drizzle-orm';

import { withOrg } from '../../db/client';
import { event } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { conflict, domainRule, notFound } from '../../errors/domain-errors';
import { transportFor } from '../../lib/smtp-transport';
import { recordAudit } from '../../org/record-audit';
import { lockForSending } from '../delivery/episode-check';
import { claimForHandOff, recordHandOff, supersedeForSending } from '../delivery/event-outcomes';
import { executeConflict } from '../delivery/execute-rules';
import { handOff, isSendable, type SendableEmail } from '../delivery/hand-off';
import { loadOrgSending, notConfiguredReason, type OrgSending } from '../delivery/org-sending';
import { isUnsendable, prepareEmail } from '../delivery/prepare-email';
import type { SenderDeps } from '../delivery/sender-deps';
import type { SmtpTarget } from '../mail/mail-config';
import { recheckStripeInvoices } from '../stripe/recheck-stripe-invoices';

import { customerName, toStatusReason } from './event-records';
import { getEvent } from './get-event';

type Claimed = { email: SendableEmail; smtp: SmtpTarget; dkim: OrgSending['mail']['dkim'] } | { refused: StatusReason; superseded: boolean };

/**
 * Send one email now, by hand (decision 0020): a planned one before its time, a dry-run draft, or
 * an unknown or failed one again. The same path as the sender — claimed (with the person as its
 * actor) in its own committed transaction under the customer's lock, handed to the mail server
 * (bounded by the SMTP timeouts), marked in a second — whatever the sending mode but `disabled`,
 * and outside the send window: a person chose to send it. Answers the email as it then stands.
 * Sent, superseded, received or in flight: 409. No mail server or from address, sending
 * disabled, or an email that cannot be rendered or addressed: 422. An email whose customer's
 * episode has ended (paid, paused, another standing) is not sent: a planned one is superseded
 * with the reason, and either is a 409 saying why.
 *
 * A bulk Send now (decision 0045) sends each email through here with `plannedOnly` (anything but
 * a planned email is a 409, as an email sent meanwhile is no longer the one chosen) and without
 * the email's own audit entry: the job records one for all of them.
 */
export async function executeEvent(
  deps: SenderDeps & { orgId: string; actorId: string },
  eventId: string,
  options: { audit?: boolean; plannedOnly?: boolean } = {},
): Promise<EventDetail> {
  const { audit = true, plannedOnly = false } = options;
  const { db, orgId, actorId } = deps;
  await recheckStripe(deps, eventId);
  const now = deps.now();
  const claimed = await withOrg(db, orgId, async (tx): Promise<Claimed> => {
    const [current] = await tx.select().from(event).where(and(eq(event.orgId, orgId), eq(event.id, eventId)));
    if (!current) throw notFound('Email');
    if (plannedOnly && current.status !== 'pending') throw conflict('This email is no longer planned', 'eventId', `is ${current.status}, not pending`);
    const refusedNow = executeConflict(current);
    if (refusedNow) {
      // A superseded email says why (the debt was paid, the customer paused…), as the sender would.
      const reason = current.status === 'superseded' ? toStatusReason(current.statusReason) : null;
      const message = reason ? `${STATUS_REASON_LABELS[reason]}: this email was superseded and will not be sent` : refusedNow;
      throw conflict(message, 'eventId', `is ${current.status === 'pending' && current.claimedAt ? 'being sent' : current.status}`);
    }
    const sending = await loadOrgSending(tx, orgId, deps);
    const blocked = whyNothingCanBeSent(sending.mail);
    if (blocked) throw domainRule(blocked.message, 'eventId', blocked.reason);
    const [locked] = await lockForSending(tx, orgId, [eventId], sql`e.status = ${current.status} and (e.status <> 'pending' or e.claimed_at is null)`, now);
    if (!locked) throw conflict('This email is being handed to the mail server right now', 'eventId', 'is being sent');
    if (locked.refusal) {
      if (current.status === 'pending') await supersedeForSending(tx, orgId, now, eventId, locked.refusal, actorId);
      return { refused: locked.refusal, superseded: current.status === 'pending' };
    }
    const email = await prepareEmail(tx, sending, current, now, deps.delivery.replyKey);
    if (isUnsendable(email)) throw domainRule(email.error, 'eventId', email.reason);
    const smtp = sending.mail.smtp;
    if (!isSendable(email) || !smtp) throw domainRule('No mail server or from address is configured', 'eventId', 'not configured');
    await claimForHandOff(tx, email, now, deps.delivery.leaseMs, { actorId, from: current.status });
    // Every action that sends is in the audit log (issue 30), naming the email and its customer in
    // words (the timeline shows the email itself, so the entry is not the customer's).
    if (audit) await recordAudit(tx, { orgId, actorId }, {
      action: 'event.send_now',
      entity: 'event',
      entityId: eventId,
      customerId: null,
      before: { status: current.status },
      after: { subject: email.subject, customer_name: await customerName(tx, orgId, current.customerId) },
    });
    return { email, smtp, dkim: sending.mail.dkim };
  });
  if ('refused' in claimed) {
    const why = STATUS_REASON_LABELS[claimed.refused];
    throw conflict(`${why}: ${claimed.superseded ? 'this email was superseded and' : 'this email'} will not be sent`, 'eventId', claimed.refused);
  }
  const { email, smtp, dkim } = claimed;
  const outcome = await handOff(transportFor(smtp, dkim, deps.timeouts), email);
  await recordHandOff(db, email, outcome, deps.now(), deps.delivery, actorId);
  return getEvent({ db, orgId, instanceSmtpUrl: deps.instanceSmtpUrl }, eventId, deps.now());
}

/**
 * Why the organisation can send nothing by hand, whichever email: sending disabled, or no mail
 * server or from address. Null when it can. A bulk Send now is refused up front for the same
 * reasons (decision 0045).
 */
export function whyNothingCanBeSent(mail: OrgSending['mail']): { message: string; reason: string } | null {
  if (mail.mode === 'disabled') return { message: 'Sending is disabled for the organisation: nothing is sent, even by hand', reason: 'sending is disabled' };
  const blocked = notConfiguredReason(mail);
  return blocked ? { message: blocked, reason: 'no mail server or from address' } : null;
}

/**
 * Before an email is sent by hand, its customer's open Stripe invoices are read back (decision
 * 0023), so one Stripe has been paid is not chased; when Stripe cannot be read, nothing is sent.
 */
async function recheckStripe(deps: SenderDeps & { orgId: string }, eventId: string): Promise<void> {
  if (!deps.stripe) return;
  const [row] = await withOrg(deps.db, deps.orgId, (tx) =>
    tx.select({ customerId: event.customerId }).from(event).where(and(eq(event.orgId, deps.orgId), eq(event.id, eventId))),
  );
  if (!row) return;
  const unreadable = await recheckStripeInvoices(deps, deps.orgId, [row.customerId]);
  if (unreadable.size > 0) {
    const why = 'Stripe could not be read to check the customer’s invoices are still unpaid, so nothing was sent: try again shortly';
    throw new AppError('UPSTREAM_UNAVAILABLE', why);
  }
}
