import { addDays, type InboundEmailDetail, type PauseReason, type TriageAction, type TriageActionInput } from '@receivables/contracts';
import { and, eq } from 'drizzle-orm';

import { type DbOrTx, type Tx, withOrg } from '../../db/client';
import { inboundEmail } from '../../db/schema';
import { domainRule } from '../../errors/domain-errors';
import type { OrgScope } from '../../org/org-scope';
import { readOrganisationToday } from '../../org/organisation-today';
import { recordAudit } from '../../org/record-audit';
import { pauseCustomer, requirePauseEndInFuture } from '../customers/pause-customer';
import { upsertContact } from '../customers/upsert-contact';

import { lockInboundEmail, requireInboundDetail } from './inbound-email-view';
import type { InboundEmailRecord } from './store-inbound-email';

/** How long chasing waits for a payment a customer says it made, while someone looks for it. */
export const PAYMENT_CHECK_DAYS = 7;

/** Every action but sending the copy, which commits its claim before the hand-off (send-invoice-copy.ts). */
export type TransactionalTriageAction = Exclude<TriageActionInput, { action: 'send_copy' }>;

/**
 * Act on a received reply (decision 0021, "Triage"): a person confirms one action, which is done
 * and recorded on the message and the customer's timeline. A message not yet on a customer can
 * only be dismissed; the rest need its customer. `namesDb` reads who acted (the auth tables): the
 * pool, since `deps.db` is the idempotency claim's transaction when a key was sent, under the
 * organisation's role, which cannot read them (timeline/actor-names.ts).
 */
export async function applyTriageAction(
  deps: OrgScope,
  id: string,
  input: TransactionalTriageAction,
  namesDb: DbOrTx = deps.db,
): Promise<InboundEmailDetail> {
  return withOrg(deps.db, deps.orgId, async (tx) => {
    const message = await lockInboundEmail(tx, deps.orgId, id);
    const customerId = message.customerId;
    if (customerId === null && input.action !== 'dismiss') {
      throw domainRule('Attach this email to a customer first', 'action', 'the email is not on a customer yet');
    }
    const today = await readOrganisationToday(tx, deps.orgId);
    const pause = (until: string | null, reason: PauseReason) =>
      pauseCustomer({ ...deps, db: tx, today }, customerId as string, { until }, { reason, eventId: message.eventId });
    switch (input.action) {
      case 'mark_paid':
        await pause(addDays(today, PAYMENT_CHECK_DAYS), 'says_paid');
        break;
      case 'record_promise':
        requirePauseEndInFuture(input.promised_on, today, 'promised_on');
        // Chasing waits through the promised day and starts again the day after, if it is still owed:
        // a pause ends on its date (refresh_customer_figures), so it runs until the day after the
        // promise — no reminder on the morning of the day the customer said it would pay (decision 0040).
        await pause(addDays(input.promised_on, 1), 'promise');
        break;
      case 'mark_disputed':
        await pause(null, 'dispute');
        break;
      case 'pause':
        await pause(null, message.triage?.category === 'stop' ? 'asked_to_stop' : 'reply');
        break;
      case 'replace_contact':
        await upsertContact({ ...deps, db: tx }, customerId as string, { role: 'primary', email: input.email, name: input.name });
        break;
      case 'dismiss':
        break;
    }
    await recordTriageAction(tx, deps, message, input.action, 'promised_on' in input ? { promised_on: input.promised_on } : {});
    return requireInboundDetail(tx, namesDb, deps.orgId, id);
  });
}

/**
 * What a person did with a reply, on the message (who, when) and in the audit log, whence the
 * customer's timeline says it with the reply it came from. `extra` is what the action recorded
 * besides (a promised day, the email sent in answer).
 */
export async function recordTriageAction(
  tx: Tx,
  deps: Pick<OrgScope, 'orgId' | 'actorId'>,
  message: InboundEmailRecord,
  action: TriageAction,
  extra: Record<string, unknown>,
): Promise<void> {
  await tx
    .update(inboundEmail)
    .set({ triageAction: action, triageActedAt: new Date(), triageActorId: deps.actorId })
    .where(and(eq(inboundEmail.orgId, deps.orgId), eq(inboundEmail.id, message.id)));
  await recordAudit(tx, deps, {
    action: 'inbound.triage',
    entity: 'inbound_email',
    entityId: message.id,
    customerId: message.customerId,
    before: { triage_action: message.triageAction },
    after: { triage_action: action, ...extra, event_id: message.eventId },
  });
}
