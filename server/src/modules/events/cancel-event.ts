import type { EventRow, EventStatus } from '@receivables/contracts';
import { and, eq } from 'drizzle-orm';

import { type Tx, withOrg } from '../../db/client';
import { event } from '../../db/schema';
import { conflict, notFound } from '../../errors/domain-errors';
import type { OrgScope } from '../../org/org-scope';
import { recordAudit } from '../../org/record-audit';
import { recordStatuses } from '../scheduling/event-writes';

import { customerName, requireEventRow, toEventRow } from './event-records';

/** Why an email that is no longer pending cannot be cancelled, in words. */
const TOO_LATE: Record<Exclude<EventStatus, 'pending'>, string> = {
  success: 'This email has already been sent',
  draft_success: 'This email has already been drafted in dry run',
  failure: 'This email has already been tried and failed',
  superseded: 'This email is already superseded: it will not be sent',
  incoming: 'This is a received email',
  unknown: 'This email was being sent when the outcome was lost',
};

/**
 * Stop a planned email before it goes (docs/decisions/0018-scheduler-and-events.md): it becomes
 * `superseded`, reason `cancelled`, with the person who did it, in its history too. Only a
 * pending email can be cancelled, and not once the sender has claimed it (decision 0020): the row
 * lock makes a cancel and a claim of the same email take turns, so one of them finds it taken.
 */
export async function cancelEvent(deps: OrgScope, id: string): Promise<EventRow> {
  return withOrg(deps.db, deps.orgId, async (tx) => {
    await cancelPlannedEmail(tx, deps, id, { audit: true });
    return toEventRow(await requireEventRow(tx, deps.orgId, id));
  });
}

/**
 * The cancel itself, in the caller's transaction: Cancel on one email, and each email of a bulk
 * cancel (decision 0045), which records one audit entry for the whole job instead of one each
 * (`audit: false`). Anything but a planned email not yet claimed is a CONFLICT, thrown before
 * anything is written, so a bulk job can count it as skipped and carry on in the same transaction.
 */
export async function cancelPlannedEmail(tx: Tx, deps: Pick<OrgScope, 'orgId' | 'actorId'>, id: string, options: { audit: boolean }): Promise<void> {
  const [current] = await tx
    .select({ status: event.status, claimedAt: event.claimedAt, subject: event.subject, customerId: event.customerId })
    .from(event)
    .where(and(eq(event.orgId, deps.orgId), eq(event.id, id)))
    .for('update');
  if (!current) throw notFound('Email');
  if (current.status !== 'pending') {
    throw conflict(`${TOO_LATE[current.status]}; only a planned email can be cancelled`, 'id', `is ${current.status}, not pending`);
  }
  if (current.claimedAt) {
    throw conflict('This email is being handed to the mail server right now; it can no longer be cancelled', 'id', 'is being sent');
  }
  await tx
    .update(event)
    .set({ status: 'superseded', statusReason: 'cancelled', actorId: deps.actorId })
    .where(and(eq(event.orgId, deps.orgId), eq(event.id, id)));
  await recordStatuses(tx, deps.orgId, new Date(), [{ eventId: id, status: 'superseded', reason: 'cancelled', actorId: deps.actorId }]);
  if (!options.audit) return;
  // The customer's timeline already shows the email as cancelled and by whom: no second line there,
  // so the entry names the email and its customer itself (issue 30: which email, in words).
  await recordAudit(tx, deps, {
    action: 'event.cancel',
    entity: 'event',
    entityId: id,
    customerId: null,
    before: { status: 'pending', subject: current.subject, customer_name: await customerName(tx, deps.orgId, current.customerId) },
    after: { status: 'superseded', status_reason: 'cancelled' },
  });
}
