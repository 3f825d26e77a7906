import { deferReasonSchema, EVENT_NOTICE_NAMES, type EventRow, statusReasonSchema, type StatusReason } from '@receivables/contracts';
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';

import type { DbOrTx, Tx } from '../../db/client';
import { customer, emailTemplate, event, type EventRecipient, inboundEmail } from '../../db/schema';
import { notFound } from '../../errors/domain-errors';
import { iso } from '../customers/customer-row';

/**
 * When an event happened or will: sent or received, else planned, else recorded. Activity sorts
 * and filters by it (`at` in the contracts).
 */
export const eventAt = sql<Date>`coalesce(${event.sentAt}, ${event.scheduledFor}, ${event.createdAt})`;

/**
 * The columns of an Activity row: the event, its customer's name and its template's, and for a
 * received email the message it was made from (decision 0021): its kind, writer and whether it
 * was opened.
 */
/** Characters of a received email's text read for its row; the row shows what fits of its first line. */
const SNIPPET_READ = 240;

const rowColumns = {
  event,
  customerName: customer.name,
  emailName: emailTemplate.name,
  at: eventAt,
  inbound: {
    kind: inboundEmail.kind,
    fromAddress: inboundEmail.fromAddress,
    fromName: inboundEmail.fromName,
    readAt: inboundEmail.readAt,
    // The first words only: a row is one line, and the whole text can be long.
    snippet: sql<string>`left(${inboundEmail.visibleText}, ${SNIPPET_READ})`,
    triage: inboundEmail.triage,
    triageAction: inboundEmail.triageAction,
  },
};

type InboundSummary = Pick<typeof inboundEmail.$inferSelect, 'kind' | 'fromAddress' | 'fromName' | 'readAt' | 'triage' | 'triageAction'> & { snippet: string };


/** Its text as one line: white space, line breaks and all, become single spaces. */
const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

export type EventRowRecord = {
  event: typeof event.$inferSelect;
  customerName: string;
  emailName: string | null;
  at: Date | string;
  /** Null for ours, and for a received event with no message behind it. */
  inbound: InboundSummary | null;
};

/** Events of the organisation with their customer, template and received message, filtered by `where`. */
export function selectEventRows(db: DbOrTx, orgId: string, where: SQL | undefined) {
  return db
    .select(rowColumns)
    .from(event)
    .innerJoin(customer, and(eq(customer.orgId, event.orgId), eq(customer.id, event.customerId)))
    .leftJoin(emailTemplate, and(eq(emailTemplate.orgId, event.orgId), eq(emailTemplate.id, event.emailId)))
    // A bounce points at the email it returns, never at an event of its own (inbound_email_event_idx).
    .leftJoin(inboundEmail, and(eq(inboundEmail.orgId, event.orgId), eq(inboundEmail.eventId, event.id), ne(inboundEmail.kind, 'bounce')))
    .where(and(eq(event.orgId, orgId), where));
}

/** One event of the organisation as an Activity row; another organisation's or an unknown id is NOT_FOUND. */
export async function requireEventRow(db: DbOrTx, orgId: string, id: string): Promise<EventRowRecord> {
  const [found] = await selectEventRows(db, orgId, eq(event.id, id));
  if (!found) throw notFound('Email');
  return found;
}

/** A stored reason code, or null for one this version does not know (never a 500 for an old row). */
export function toStatusReason(value: string | null): StatusReason | null {
  const parsed = statusReasonSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export const toRecipients = (list: EventRecipient[]) => list.map((r) => ({ name: r.name ?? null, email: r.email }));

const isoOrNull = (value: Date | null): string | null => (value ? value.toISOString() : null);

function toInboundSummary(m: InboundSummary | null): EventRow['inbound'] {
  if (!m) return null;
  return {
    kind: m.kind === 'auto_reply' ? 'auto_reply' : 'reply',
    from: m.fromAddress ? { address: m.fromAddress, name: m.fromName } : null,
    read: m.readAt !== null,
    snippet: oneLine(m.snippet),
    // Once a person acted on the suggestion it is no longer a suggestion to show.
    triage: m.triageAction === null ? (m.triage?.category ?? null) : null,
  };
}

/** The one place an event becomes an Activity row on the wire. */
export function toEventRow({ event: e, customerName, emailName, at, inbound }: EventRowRecord): EventRow {
  return {
    id: e.id,
    customer_id: e.customerId,
    customer_name: customerName,
    direction: e.direction,
    status: e.status,
    kind: e.kind,
    tone: e.tone,
    // A notice has no template: it goes by the name of what it is (decision 0023).
    email_name: emailName ?? (e.notice ? EVENT_NOTICE_NAMES[e.notice] : null),
    subject: e.subject ?? '(no subject)',
    to: toRecipients(e.toAddresses),
    at: iso(at),
    scheduled_for: isoOrNull(e.scheduledFor),
    sent_at: isoOrNull(e.sentAt),
    status_reason: toStatusReason(e.statusReason),
    deferred: e.deferred.flatMap((reason) => {
      const parsed = deferReasonSchema.safeParse(reason);
      return parsed.success ? [parsed.data] : [];
    }),
    inbound: toInboundSummary(inbound),
  };
}

/** A customer's name as it is now, for an audit entry that names it in words rather than linking it. */
export async function customerName(tx: Tx, orgId: string, customerId: string): Promise<string | null> {
  const [row] = await tx.select({ name: customer.name }).from(customer).where(and(eq(customer.orgId, orgId), eq(customer.id, customerId)));
  return row?.name ?? null;
}
