import { MS_PER_DAY } from '@receivables/contracts';
import type { EventStatus, StatusReason } from '@receivables/contracts';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';

import type { DeliverySettings } from '../../config-slices/delivery';
import { type Db, type Tx, withOrg } from '../../db/client';
import { customer, event } from '../../db/schema';
import { addInboundRoutes } from '../mail/inbound-directory';
import { recordStatuses } from '../scheduling/event-writes';

import { contentColumns, type OutgoingEmail } from './prepare-email';
import type { HandOffOutcome } from './smtp-outcome';

/** Who set a status: a person sending by hand, or the system (null). */
type Actor = string | null;

/**
 * An email went out (or was drafted) now. The planner counts a customer's next steps and weekly cap
 * from when its emails really went out, not when they were planned, so its plan is due for review
 * now: the hourly pass, which reads only customers whose review is due, plans them again. Only a
 * server's acceptance is contact (Home's "Last contact"), never moved back; a draft is not.
 */
async function afterSend(tx: Tx, orgId: string, customerId: string, now: Date, contact: boolean): Promise<void> {
  const at = sql`${now.toISOString()}::timestamptz`;
  await tx
    .update(customer)
    .set({
      planReviewAt: sql`least(coalesce(${customer.planReviewAt}, ${at}), ${at})`,
      ...(contact ? { lastChaseAt: sql`greatest(coalesce(${customer.lastChaseAt}, ${at}), ${at})` } : {}),
    })
    .where(and(eq(customer.orgId, orgId), eq(customer.id, customerId)));
}

/** An email that can no longer go (its episode ended, its contact is gone): superseded, with why. */
export async function supersedeForSending(
  tx: Tx,
  orgId: string,
  now: Date,
  eventId: string,
  reason: StatusReason,
  actorId: Actor,
): Promise<void> {
  await tx
    .update(event)
    .set({ status: 'superseded', statusReason: reason, actorId, claimedAt: null, leaseUntil: null, updatedAt: now })
    .where(and(eq(event.orgId, orgId), eq(event.id, eventId)));
  await recordStatuses(tx, orgId, now, [{ eventId, status: 'superseded', reason, actorId }]);
}

/** An email that could not be rendered when it fell due: failed, the error kept. */
export async function failUnsendable(
  tx: Tx,
  orgId: string,
  now: Date,
  eventId: string,
  reason: StatusReason,
  error: string,
  actorId: Actor,
): Promise<void> {
  await tx
    .update(event)
    .set({ status: 'failure', statusReason: reason, error, actorId, claimedAt: null, leaseUntil: null, updatedAt: now })
    .where(and(eq(event.orgId, orgId), eq(event.id, eventId)));
  await recordStatuses(tx, orgId, now, [{ eventId, status: 'failure', reason, actorId }]);
}

/** Dry run: the email is kept exactly as it would have gone, and nothing leaves. */
export async function keepDraft(tx: Tx, email: OutgoingEmail, now: Date): Promise<void> {
  // The customer first, as every writer locks it before its events.
  await afterSend(tx, email.orgId, email.customerId, now, false);
  await tx
    .update(event)
    .set({ ...contentColumns(email), messageId: null, status: 'draft_success', statusReason: null, error: null, sentAt: now, updatedAt: now })
    .where(and(eq(event.orgId, email.orgId), eq(event.id, email.eventId)));
  await recordStatuses(tx, email.orgId, now, [{ eventId: email.eventId, status: 'draft_success', reason: null }]);
  // Not the customer's last contact (decision 0020): nothing reached them, and Home saying they were
  // chased on a day they heard nothing would mislead whoever calls them next.
}

/**
 * The claim (decision 0020): the lease, one more attempt, the content and our Message-ID, written
 * and committed BEFORE the hand-off, so a crash leaves a claimed email the sweep calls unknown —
 * never one sent twice. An email sent again by hand goes back to pending first (its history says
 * who), and is due now: the scheduler leaves a due email alone.
 */
export async function claimForHandOff(
  tx: Tx,
  email: OutgoingEmail,
  now: Date,
  leaseMs: number,
  byHand: { actorId: string; from: EventStatus } | null,
): Promise<void> {
  const at = now.toISOString();
  await tx
    .update(event)
    .set({
      ...contentColumns(email),
      status: 'pending',
      statusReason: null,
      error: null,
      smtpResponse: null,
      claimedAt: now,
      leaseUntil: new Date(now.getTime() + leaseMs),
      // A person sending it again starts its attempts afresh.
      attempts: byHand && byHand.from !== 'pending' ? 1 : sql`${event.attempts} + 1`,
      nextAttemptAt: null,
      scheduledFor: sql`least(coalesce(${event.scheduledFor}, ${at}::timestamptz), ${at}::timestamptz)`,
      ...(byHand ? { actorId: byHand.actorId } : {}),
      updatedAt: now,
    })
    .where(and(eq(event.orgId, email.orgId), eq(event.id, email.eventId)));
  // A reply to it, or a report that it bounced, can then find its organisation (decision 0021).
  if (email.messageId) {
    await addInboundRoutes(tx, email.orgId, [
      { kind: 'event', key: email.eventId },
      { kind: 'message_id', key: email.messageId },
    ]);
  }
  if (byHand && byHand.from !== 'pending') {
    await recordStatuses(tx, email.orgId, now, [{ eventId: email.eventId, status: 'pending', reason: null, actorId: byHand.actorId }]);
  }
}

/** The back-off before attempt `attempts + 1`: the base, doubled for each attempt made, at most a day. */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MS_PER_DAY);
}

/**
 * Record what the hand-off came to, in its own transaction — only on the claim it belongs to (our
 * Message-ID): accepted → `success` (the server's answer, sent_at, last_chase_at); refused for good
 * → `failure`/`rejected` with the server's words; not now → released to be tried again after a
 * back-off, or `failure`/`retries_exhausted` after the last attempt; anything else → `unknown`/
 * `outcome_unknown`, never resent on its own. Answers the status it left the email in.
 */
export async function recordHandOff(
  db: Db,
  email: OutgoingEmail & { messageId: string },
  outcome: HandOffOutcome,
  now: Date,
  settings: Pick<DeliverySettings, 'maxAttempts' | 'retryBaseMs'>,
  actorId: Actor,
): Promise<EventStatus | null> {
  const { orgId, eventId } = email;
  return withOrg(db, orgId, async (tx) => {
    // The customer first, as every writer locks it before its events.
    if (outcome.kind === 'accepted') await afterSend(tx, orgId, email.customerId, now, true);
    const ours = and(eq(event.orgId, orgId), eq(event.id, eventId), eq(event.messageId, email.messageId), inArray(event.status, ['pending', 'unknown']), isNotNull(event.claimedAt));
    const [current] = await tx.select({ attempts: event.attempts }).from(event).where(ours).for('update');
    if (!current) return null;
    let status: EventStatus;
    let reason: StatusReason | null;
    const common = { smtpResponse: outcome.response, leaseUntil: null, updatedAt: now };
    if (outcome.kind === 'accepted') {
      [status, reason] = ['success', null];
      await tx.update(event).set({ ...common, status, statusReason: null, error: null, sentAt: now }).where(ours);
    } else if (outcome.kind === 'transient' && current.attempts < settings.maxAttempts) {
      const next = new Date(now.getTime() + retryDelayMs(current.attempts, settings.retryBaseMs));
      await tx.update(event).set({ ...common, claimedAt: null, nextAttemptAt: next }).where(ours);
      return 'pending';
    } else {
      [status, reason] = outcome.kind === 'rejected' ? ['failure', 'rejected'] : outcome.kind === 'transient' ? ['failure', 'retries_exhausted'] : ['unknown', 'outcome_unknown'];
      await tx.update(event).set({ ...common, status, statusReason: reason, error: outcome.response }).where(ours);
    }
    await recordStatuses(tx, orgId, now, [{ eventId, status, reason, actorId }]);
    return status;
  });
}

/**
 * The crash sweep: emails claimed whose lease ran out with no outcome recorded. The worker that
 * claimed them stopped (or lost the database) somewhere around the hand-off: whether the server
 * took them is unknown, so they become `unknown`/`outcome_unknown` for a person to judge, and are
 * never sent again on their own. `tx` is scoped to the organisation.
 */
export async function sweepExpiredClaims(tx: Tx, orgId: string, now: Date): Promise<number> {
  const swept = await tx.execute<{ id: string }>(sql`
    update event set status = 'unknown', status_reason = 'outcome_unknown', lease_until = null,
      error = coalesce(error, 'The sender stopped before the mail server''s answer was recorded'), updated_at = ${now.toISOString()}::timestamptz
    where org_id = ${orgId} and status = 'pending' and claimed_at is not null and lease_until < ${now.toISOString()}::timestamptz
    returning id`);
  await recordStatuses(tx, orgId, now, swept.rows.map((r) => ({ eventId: r.id, status: 'unknown', reason: 'outcome_unknown' })));
  return swept.rows.length;
}
