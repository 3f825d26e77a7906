import type { InboundEmailDetail, InboundEmailRow, SuggestedCustomer, TriageAction } from '@receivables/contracts';
import { and, asc, eq } from 'drizzle-orm';

import type { DbOrTx, Tx } from '../../db/client';
import { event, inboundAttachment, inboundEmail } from '../../db/schema';
import { notFound } from '../../errors/domain-errors';
import { readActorNames } from '../../org/actor-names';

import type { InboundEmailRecord } from './store-inbound-email';
import { suggestCustomerFor } from './suggest-customer';

const SNIPPET_CHARS = 160;

/** The first words of a message's visible text, on one line. */
export function snippetOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > SNIPPET_CHARS ? `${line.slice(0, SNIPPET_CHARS - 1)}…` : line;
}

/**
 * A kept message as a list row, with the customer its sender's domain points to while it is
 * unassigned (decision 0044). Bounces are never listed (they act on the email they return).
 */
export function toInboundRow(m: InboundEmailRecord, suggestion: SuggestedCustomer | null = null): InboundEmailRow {
  return {
    id: m.id,
    kind: m.kind === 'auto_reply' ? 'auto_reply' : 'reply',
    from: m.fromAddress ? { address: m.fromAddress, name: m.fromName } : null,
    subject: m.subject,
    snippet: snippetOf(m.visibleText),
    received_at: m.receivedAt.toISOString(),
    read: m.readAt !== null,
    customer_id: m.customerId,
    event_id: m.eventId,
    suggested_customer: m.customerId === null ? suggestion : null,
  };
}

/** A kept message whole, with its files; `tx` is scoped to the organisation. NOT_FOUND for another's. */
export async function readInboundDetail(
  tx: Tx,
  db: DbOrTx,
  orgId: string,
  where: { id: string } | { eventId: string },
): Promise<InboundEmailDetail | null> {
  const match = 'id' in where ? eq(inboundEmail.id, where.id) : eq(inboundEmail.eventId, where.eventId);
  const [m] = await tx
    .select()
    .from(inboundEmail)
    .where(and(eq(inboundEmail.orgId, orgId), match));
  if (!m || m.kind === 'bounce') return null;
  const files = await tx
    .select({
      id: inboundAttachment.id,
      filename: inboundAttachment.filename,
      contentType: inboundAttachment.contentType,
      size: inboundAttachment.size,
      stored: inboundAttachment.content,
    })
    .from(inboundAttachment)
    .where(and(eq(inboundAttachment.orgId, orgId), eq(inboundAttachment.inboundEmailId, m.id)))
    .orderBy(asc(inboundAttachment.position));
  // Actor names live in the auth tables, read on the pool (timeline/actor-names.ts).
  const names = m.triageActorId ? await readActorNames(db, [m.triageActorId]) : new Map<string, string>();
  const suggestion = m.customerId === null ? await suggestCustomerFor(tx, orgId, m.fromAddress) : null;
  return {
    ...toInboundRow(m, suggestion),
    to: m.toAddresses,
    visible_text: m.visibleText,
    text: m.text,
    html: m.html,
    attachments: files.map((f) => ({
      id: f.id,
      filename: f.filename,
      content_type: f.contentType,
      size: f.size,
      stored: f.stored !== null,
    })),
    matched_by: m.matchedBy,
    answers_event_id: m.answersEventId,
    auto_reply: m.autoReply,
    triage: m.triage,
    triage_action: m.triageAction as TriageAction | null,
    triage_acted_at: m.triageActedAt?.toISOString() ?? null,
    triage_actor_name: m.triageActorId ? (names.get(m.triageActorId) ?? null) : null,
    answer_event_id: await answerTo(tx, orgId, m.eventId),
  };
}

/** Like readInboundDetail by id, but a missing one is NOT_FOUND. */
export async function requireInboundDetail(tx: Tx, db: DbOrTx, orgId: string, id: string): Promise<InboundEmailDetail> {
  const detail = await readInboundDetail(tx, db, orgId, { id });
  if (!detail) throw notFound('Received email');
  return detail;
}

/** The invoice copy sent in answer to a received one (its event), if any: one at most (event_answers_uidx). */
export async function answerTo(tx: Tx, orgId: string, receivedEventId: string | null): Promise<string | null> {
  if (receivedEventId === null) return null;
  const [sent] = await tx
    .select({ id: event.id })
    .from(event)
    .where(and(eq(event.orgId, orgId), eq(event.answersEventId, receivedEventId), eq(event.answer, 'invoice_copy')));
  return sent?.id ?? null;
}

/** A received message (not a bounce) of the organisation, locked for a write when `lock`; NOT_FOUND for another's. */
export async function findInboundEmail(
  tx: Tx,
  orgId: string,
  id: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<InboundEmailRecord> {
  const query = tx
    .select()
    .from(inboundEmail)
    .where(and(eq(inboundEmail.orgId, orgId), eq(inboundEmail.id, id)));
  const [message] = await (lock ? query.for('update') : query);
  if (!message || message.kind === 'bounce') throw notFound('Received email');
  return message;
}

/** A received message (not a bounce) of the organisation, locked for a write; NOT_FOUND for another's. */
export const lockInboundEmail = (tx: Tx, orgId: string, id: string): Promise<InboundEmailRecord> =>
  findInboundEmail(tx, orgId, id, { lock: true });
