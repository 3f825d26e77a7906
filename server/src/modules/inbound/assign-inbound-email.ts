import { type InboundEmailDetail, organisationToday } from '@receivables/contracts';
import { and, eq } from 'drizzle-orm';

import { withOrg } from '../../db/client';
import { event, inboundEmail } from '../../db/schema';
import { conflict, notFound } from '../../errors/domain-errors';
import type { OrgScope } from '../../org/org-scope';
import { readChasingContext } from '../../org/read-chasing-settings';
import { recordAudit } from '../../org/record-audit';
import { requireCustomer } from '../customers/require-customer';

import { lockInboundEmail, requireInboundDetail } from './inbound-email-view';
import { reactToInbound } from './react-to-inbound';
import { attachToCustomer } from './store-inbound-email';

/**
 * Attach an unassigned message to a customer (decision 0021, "Matching", 4): its incoming event
 * is made and chasing reacts as if it had matched. One already on a customer is a 409.
 */
export async function assignInboundEmail(deps: OrgScope, id: string, customerId: string): Promise<InboundEmailDetail> {
  return withOrg(deps.db, deps.orgId, async (tx) => {
    await requireCustomer(tx, deps.orgId, customerId, { lock: true, field: 'customer_id' });
    const message = await lockInboundEmail(tx, deps.orgId, id);
    if (message.customerId !== null) throw conflict('This email is already on a customer', 'id', 'already attached');
    const [answered] = message.answersEventId
      ? await tx
        .select({ messageId: event.messageId })
        .from(event)
        .where(and(eq(event.orgId, deps.orgId), eq(event.id, message.answersEventId)))
      : [];
    const eventId = await attachToCustomer(tx, message, customerId, answered?.messageId ?? null);
    await tx.update(inboundEmail).set({ matchedBy: 'hand' }).where(eq(inboundEmail.id, id));
    await recordAudit(tx, deps, {
      action: 'inbound.assign',
      entity: 'inbound_email',
      entityId: id,
      customerId,
      before: { customer_id: null },
      after: { customer_id: customerId, event_id: eventId },
    });
    const chasing = await readChasingContext(tx, deps.orgId);
    const today = organisationToday(chasing.settings.time_zone);
    const returnsOn = message.autoReply?.out_of_office.returns_on ?? null;
    await reactToInbound(tx, deps.orgId, customerId, { kind: message.kind, eventId, returnsOn }, chasing, today);
    return requireInboundDetail(tx, deps.db, deps.orgId, id);
  });
}

/** Someone in the organisation opened it: it is no longer unread. Opening it again changes nothing. */
export async function markInboundRead(deps: { db: OrgScope['db']; orgId: string }, id: string): Promise<void> {
  await withOrg(deps.db, deps.orgId, async (tx) => {
    const [found] = await tx
      .select({ readAt: inboundEmail.readAt })
      .from(inboundEmail)
      .where(and(eq(inboundEmail.orgId, deps.orgId), eq(inboundEmail.id, id)));
    if (!found) throw notFound('Received email');
    if (found.readAt === null) {
      await tx.update(inboundEmail).set({ readAt: new Date() }).where(and(eq(inboundEmail.orgId, deps.orgId), eq(inboundEmail.id, id)));
    }
  });
}
