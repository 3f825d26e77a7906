import type { OutOfOffice, TriageSuggestion } from '@receivables/contracts';
import { and, eq } from 'drizzle-orm';

import type { Tx } from '../../db/client';
import { event, inboundAttachment, inboundEmail } from '../../db/schema';
import type { InboundBounce } from '../../db/schema';
import { formatAddress } from '../delivery/org-sending';
import { recordStatuses } from '../scheduling/event-writes';

import type { InboundMatch } from './match-inbound';
import type { ParsedInbound } from './parse-inbound';

export type InboundEmailRecord = typeof inboundEmail.$inferSelect;

/** Everything read from one message before it is stored. */
export interface InboundReading {
  raw: Buffer;
  parsed: ParsedInbound;
  channel: 'smtp' | 'webhook';
  envelopeFrom: string | null;
  envelopeTo: string[];
  kind: 'reply' | 'auto_reply' | 'bounce';
  visibleText: string;
  autoReply: { signals: string[]; out_of_office: OutOfOffice } | null;
  bounce: InboundBounce | null;
  triage: TriageSuggestion | null;
}

/**
 * Keep one message (decision 0021, "What is kept"), raw bytes and all, with its attachments (each
 * file's bytes up to `attachmentMaxBytes`). Null when the organisation already has a message with
 * its Message-ID: the same message delivered twice is kept once.
 */
export async function insertInboundEmail(
  tx: Tx,
  match: InboundMatch,
  reading: InboundReading,
  receivedAt: Date,
  attachmentMaxBytes: number,
): Promise<InboundEmailRecord | null> {
  const { parsed } = reading;
  const [row] = await tx
    .insert(inboundEmail)
    .values({
      orgId: match.orgId,
      customerId: match.customerId,
      answersEventId: match.answersEventId,
      channel: reading.channel,
      kind: reading.kind,
      matchedBy: match.matchedBy,
      envelopeFrom: reading.envelopeFrom,
      envelopeTo: reading.envelopeTo,
      fromAddress: parsed.from?.address ?? null,
      fromName: parsed.from?.name ?? null,
      toAddresses: parsed.to.map((a) => a.address),
      subject: parsed.subject,
      messageId: parsed.messageId,
      inReplyTo: parsed.inReplyTo,
      references: parsed.references,
      writtenAt: parsed.date,
      receivedAt,
      text: parsed.text,
      html: parsed.html,
      visibleText: reading.visibleText,
      raw: reading.raw,
      size: reading.raw.byteLength,
      autoReply: reading.autoReply,
      bounce: reading.bounce,
      triage: reading.triage,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  if (parsed.attachments.length > 0) {
    await tx.insert(inboundAttachment).values(
      parsed.attachments.map((a, position) => ({
        orgId: match.orgId,
        inboundEmailId: row.id,
        position,
        filename: a.filename,
        contentType: a.contentType,
        size: a.size,
        content: a.size <= attachmentMaxBytes ? Buffer.from(a.content) : null,
      })),
    );
  }
  return row;
}

/** Give a kept message its customer: its `incoming` event is made, and the message points at it. */
export async function attachToCustomer(
  tx: Tx,
  message: InboundEmailRecord,
  customerId: string,
  answersMessageId: string | null,
): Promise<string> {
  const eventId = await createIncomingEvent(tx, message, customerId, answersMessageId);
  await tx
    .update(inboundEmail)
    .set({ customerId, eventId })
    .where(and(eq(inboundEmail.orgId, message.orgId), eq(inboundEmail.id, message.id)));
  return eventId;
}

/**
 * The `incoming` event a received message becomes on its customer's Activity and timeline,
 * threaded under the email it answers by `in_reply_to` (that email's Message-ID as we sent it).
 */
export async function createIncomingEvent(
  tx: Tx,
  message: InboundEmailRecord,
  customerId: string,
  answersMessageId: string | null,
): Promise<string> {
  const [created] = await tx
    .insert(event)
    .values({
      orgId: message.orgId,
      customerId,
      direction: 'inbox',
      status: 'incoming',
      toAddresses: message.toAddresses.map((email) => ({ name: null, email })),
      fromAddress: message.fromAddress ? formatAddress({ name: message.fromName ?? '', address: message.fromAddress }) : null,
      subject: message.subject,
      html: message.html,
      text: message.text,
      messageId: message.messageId,
      inReplyTo: answersMessageId ?? message.inReplyTo,
      sentAt: message.receivedAt,
    })
    .returning({ id: event.id });
  if (!created) throw new Error('incoming event insert returned nothing');
  await recordStatuses(tx, message.orgId, message.receivedAt, [{ eventId: created.id, status: 'incoming', reason: null, actorId: null }]);
  return created.id;
}
