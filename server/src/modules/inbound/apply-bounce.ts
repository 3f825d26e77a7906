import { and, eq, inArray, sql } from 'drizzle-orm';

import type { DeliverySettings } from '../../config-slices/delivery';
import type { Tx } from '../../db/client';
import { contact, customer, event, type InboundBounce } from '../../db/schema';
import { recordAudit } from '../../org/record-audit';
import { retryDelayMs } from '../delivery/event-outcomes';
import { recordStatuses } from '../scheduling/event-writes';
import { reconcileCustomers } from '../scheduling/reconcile-customers';

/** What a delivery report did to the email it returned. */
export type BounceEffect = 'failed' | 'retrying' | 'noted';

/**
 * A delivery report about one of our emails (decision 0021, "Bounces"). For good (5.x.x): the
 * email fails with the remote server's words, and the address it went to is marked undeliverable,
 * so chasing stops writing to it until a person gives another. Transient and given up (`failed`
 * with 4.x.x): the email goes back to the sender's retry rules — tried again after the back-off,
 * or failed when its attempts are spent. A mere delay (`delayed`) is the remote server still
 * trying: sending again would deliver twice, so it is only noted.
 */
export async function applyBounce(
  tx: Tx,
  orgId: string,
  eventId: string,
  bounce: InboundBounce & { action: string },
  now: Date,
  settings: Pick<DeliverySettings, 'maxAttempts' | 'retryBaseMs'>,
): Promise<BounceEffect> {
  const ours = and(eq(event.orgId, orgId), eq(event.id, eventId));
  const [owner] = await tx.select({ customerId: event.customerId }).from(event).where(ours);
  if (!owner) return 'noted';
  // The customer first, as every writer locks it before its events (decision 0020).
  await tx.select({ id: customer.id }).from(customer).where(and(eq(customer.orgId, orgId), eq(customer.id, owner.customerId))).for('update');
  const [sent] = await tx
    .select({ status: event.status, attempts: event.attempts, customerId: event.customerId, to: event.toAddresses, sentAt: event.sentAt })
    .from(event)
    .where(ours)
    .for('update');
  // Only an email that left can bounce; one already failed or sent again stays as it is.
  if (!sent || (sent.status !== 'success' && sent.status !== 'unknown') || bounce.action === 'delayed') return 'noted';
  await forgetContact(tx, orgId, sent.customerId, eventId, sent.sentAt);
  if (!bounce.permanent && sent.attempts < settings.maxAttempts) {
    const next = new Date(now.getTime() + retryDelayMs(sent.attempts, settings.retryBaseMs));
    await tx
      .update(event)
      .set({ status: 'pending', statusReason: null, error: bounce.reason, claimedAt: null, leaseUntil: null, nextAttemptAt: next, updatedAt: now })
      .where(ours);
    await recordStatuses(tx, orgId, now, [{ eventId, status: 'pending', reason: 'bounced' }]);
    return 'retrying';
  }
  const reason = bounce.permanent ? 'bounced' : 'retries_exhausted';
  await tx.update(event).set({ status: 'failure', statusReason: reason, error: bounce.reason, updatedAt: now }).where(ours);
  await recordStatuses(tx, orgId, now, [{ eventId, status: 'failure', reason }]);
  if (bounce.permanent) {
    // The report's recipient when it is one the email went to; else (a forwarding address) the email's own recipients.
    const sentTo = sent.to.map((r) => r.email.toLowerCase());
    const addresses = bounce.recipient && sentTo.includes(bounce.recipient.toLowerCase()) ? [bounce.recipient] : sentTo;
    await markUndeliverable(tx, orgId, sent.customerId, addresses, bounce.reason, now);
  }
  return 'failed';
}

/**
 * An email that came back reached nobody: if it is what the customer's "Last contact" says, that
 * goes back to the last email that did reach someone (issue 30), or to none. A later contact, or
 * one recorded otherwise (an import), stays.
 */
async function forgetContact(tx: Tx, orgId: string, customerId: string, eventId: string, sentAt: Date | null): Promise<void> {
  if (!sentAt) return;
  await tx.execute(sql`
    update customer c set last_chase_at = (
      select max(e.sent_at) from event e
      where e.org_id = ${orgId} and e.customer_id = c.id and e.direction = 'outbox' and e.status = 'success' and e.id <> ${eventId})
    where c.org_id = ${orgId} and c.id = ${customerId} and c.last_chase_at = ${sentAt.toISOString()}::timestamptz`);
}

/** The customer's contacts at these addresses no longer receive chasing; its plan is made again without them. */
async function markUndeliverable(tx: Tx, orgId: string, customerId: string, addresses: string[], reason: string, now: Date): Promise<void> {
  const lower = addresses.map((a) => a.toLowerCase());
  if (lower.length === 0) return;
  const marked = await tx
    .update(contact)
    .set({ undeliverableAt: now, undeliverableReason: reason })
    .where(and(eq(contact.orgId, orgId), eq(contact.customerId, customerId), inArray(sql`lower(${contact.email})`, lower)))
    .returning({ id: contact.id, email: contact.email, role: contact.role });
  for (const c of marked) {
    await recordAudit(tx, { orgId, actorId: null }, {
      action: 'contact.undeliverable',
      entity: 'contact',
      entityId: c.id,
      customerId,
      before: { email: c.email, undeliverable: null },
      after: { email: c.email, undeliverable: reason },
    });
  }
  if (marked.length > 0) await reconcileCustomers(tx, orgId, [customerId], now);
}
