import type { ThreadEntry } from '@receivables/contracts';
import { and, asc, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';

import type { Tx } from '../../db/client';
import { event, inboundEmail } from '../../db/schema';

/**
 * The conversation an email belongs to (decision 0021): the email we sent, then each message
 * received in answer to it, oldest first. A received email that answers nothing of ours is a
 * conversation of its own, and what we wrote back to a received one (an invoice copy, or an
 * answer a person wrote: decision 0044) follows it. Bounces are not part of it: they show in the sent email's history.
 */
/** The conversation's received emails (their events), and the root itself, which may be one. */
const answered = (rootId: string) =>
  sql`(select ${rootId}::uuid union all select ${inboundEmail.eventId} from ${inboundEmail} where ${inboundEmail.answersEventId} = ${rootId} and ${inboundEmail.eventId} is not null)`;

export async function readThread(tx: Tx, orgId: string, e: typeof event.$inferSelect): Promise<ThreadEntry[]> {
  // A received email, or our answer to one (an invoice copy), belongs to what that received email answers.
  const received = e.direction === 'inbox' ? e.id : e.answersEventId;
  let rootId = e.id;
  if (received !== null) {
    const [m] = await tx
      .select({ answers: inboundEmail.answersEventId })
      .from(inboundEmail)
      .where(and(eq(inboundEmail.orgId, orgId), eq(inboundEmail.eventId, received)));
    rootId = m?.answers ?? received;
  }
  const rows = await tx
    .select({
      id: event.id,
      direction: event.direction,
      subject: event.subject,
      from: event.fromAddress,
      at: event.sentAt,
      scheduled: event.scheduledFor,
      created: event.createdAt,
      kind: inboundEmail.kind,
    })
    .from(event)
    .leftJoin(inboundEmail, and(eq(inboundEmail.orgId, event.orgId), eq(inboundEmail.eventId, event.id)))
    .where(
      and(
        eq(event.orgId, orgId),
        or(
          eq(event.id, rootId),
          and(eq(inboundEmail.answersEventId, rootId), isNotNull(inboundEmail.eventId), ne(inboundEmail.kind, 'bounce')),
          // What we wrote back to one of them (the invoice copy a reply asked for, an answer a person wrote).
          inArray(event.answersEventId, answered(rootId)),
        ),
      ),
    )
    .orderBy(asc(event.createdAt));
  return rows
    .map((r) => ({
      event_id: r.id,
      direction: r.direction,
      subject: r.subject ?? '(no subject)',
      from: r.from,
      at: (r.at ?? r.scheduled ?? r.created).toISOString(),
      inbound_kind: r.kind === 'reply' || r.kind === 'auto_reply' ? r.kind : null,
    }))
    .sort((a, b) => a.at.localeCompare(b.at));
}
