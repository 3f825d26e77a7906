import type { InboundEmailDetail, InvoiceCopyPreview } from '@receivables/contracts';

import { type Db, withOrg } from '../../db/client';
import { conflict } from '../../errors/domain-errors';
import { transportFor } from '../../lib/smtp-transport';
import { readChasingContext } from '../../org/read-chasing-settings';
import { recordHandOff } from '../delivery/event-outcomes';
import { handOff } from '../delivery/hand-off';
import { loadOrgSending } from '../delivery/org-sending';
import type { SenderDeps } from '../delivery/sender-deps';

import { recordTriageAction } from './apply-triage-action';
import { claimAnswer, requireSendingByHand } from './claim-answer';
import { answerTo, findInboundEmail, lockInboundEmail, requireInboundDetail } from './inbound-email-view';
import { composeInvoiceCopy } from './invoice-copy';

/** `GET /api/inbound/{id}/copy/`: the copy "send the copy" would send now, for its confirmation. */
export async function previewInvoiceCopy(deps: { db: Db; orgId: string }, id: string): Promise<InvoiceCopyPreview> {
  return withOrg(deps.db, deps.orgId, async (tx) => {
    const message = await findInboundEmail(tx, deps.orgId, id);
    return composeInvoiceCopy(tx, deps.orgId, message, await readChasingContext(tx, deps.orgId));
  });
}

/**
 * Send the copy of the open invoices a reply asks for (decision 0021, "Sending the copy"), now,
 * as a person chose to: whatever the sending mode but `disabled`, outside the send window, by the
 * sender's own path. In ONE committed transaction the answer is written as an outbox email of its
 * own (linked to the reply, threaded under it, its content fixed), claimed for the hand-off, and
 * the action recorded on the reply and the timeline; then it is handed to the mail server and
 * the outcome recorded as for any email (a transient refusal is retried by the sender). Sent
 * already: 409. No mail server, sending disabled, or nothing to send: 422, and nothing is kept.
 * Answers the reply as it then stands, with the answer's id.
 */
export async function sendInvoiceCopy(
  deps: SenderDeps & { orgId: string; actorId: string },
  id: string,
): Promise<InboundEmailDetail> {
  const { db, orgId, actorId } = deps;
  const now = deps.now();
  const claimed = await withOrg(db, orgId, async (tx) => {
    const message = await lockInboundEmail(tx, orgId, id);
    if ((await answerTo(tx, orgId, message.eventId)) !== null) {
      throw conflict('The copy was sent already: it is in this conversation', 'action', 'already sent');
    }
    const sending = await loadOrgSending(tx, orgId, deps);
    requireSendingByHand(sending, 'action');
    const copy = await composeInvoiceCopy(tx, orgId, message, sending.chasing);
    const answered = await claimAnswer(tx, deps, { sending, message, answer: copy, kind: 'invoice_copy', now, field: 'action' });
    await recordTriageAction(tx, deps, message, 'send_copy', { answer_event_id: answered.eventId });
    return answered;
  });
  const outcome = await handOff(transportFor(claimed.smtp, claimed.dkim, deps.timeouts), claimed.email);
  await recordHandOff(db, claimed.email, outcome, deps.now(), deps.delivery, actorId);
  return withOrg(db, orgId, (tx) => requireInboundDetail(tx, db, orgId, id));
}
