import type { OutOfOffice, TriageSuggestion } from '@receivables/contracts';
import { sql } from 'drizzle-orm';
import { customType, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { idColumn, orgIdColumn, timestampColumns } from './columns';
import { customer } from './customers';
import { event } from './events';

/** Raw bytes (PostgreSQL bytea), read and written as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * What tells which organisation a message is for before anything about it is known (decision
 * 0021): the event a reply token names, one of our Message-IDs, a reply domain, an inbound
 * webhook secret's SHA-256. Written under the organisation's row-level security like any table;
 * readable across organisations (policy `inbound_route_lookup`), since that is its whole use:
 * it holds ids only, no business data.
 */
export const inboundRouteKindEnum = pgEnum('inbound_route_kind', ['event', 'message_id', 'domain', 'webhook_secret']);

export const inboundRoute = pgTable(
  'inbound_route',
  {
    id: idColumn(),
    orgId: orgIdColumn(),
    kind: inboundRouteKindEnum('kind').notNull(),
    /** An event id, a Message-ID with its angle brackets, a lower-case domain, or a hex SHA-256. */
    key: text('key').notNull(),
    ...timestampColumns(),
  },
  // A domain may be shared by organisations; the other keys are unique by construction.
  (t) => [uniqueIndex('inbound_route_key_uidx').on(t.kind, t.key, t.orgId)],
);

export const inboundChannelEnum = pgEnum('inbound_channel', ['smtp', 'webhook']);
/** A customer's reply, an automatic reply (out of office), or a delivery report about one of our emails. */
export const inboundKindEnum = pgEnum('inbound_kind', ['reply', 'auto_reply', 'bounce']);
/**
 * How its customer was found: the reply token; one of our Message-IDs (a reply's In-Reply-To or
 * References, a bounce's returned headers); the sender's address among the contacts; or a person.
 */
export const inboundMatchEnum = pgEnum('inbound_match', ['token', 'message_id', 'sender', 'hand']);

/** What an auto-reply said, as read (decision 0021, out-of-office autopilot). */
export interface InboundAutoReply {
  signals: string[];
  out_of_office: OutOfOffice;
}

/** What a delivery report said about the email it returns. */
export interface InboundBounce {
  permanent: boolean;
  reason: string;
  status: string | null;
  recipient: string | null;
}

/**
 * Every message received for an organisation (decision 0021), kept whole (`raw`) so nothing is
 * lost when reading improves. Its customer is null while it is unassigned; `event_id` is the
 * `incoming` event made from it once it has a customer; `answers_event_id` the email it answers
 * (or, for a bounce, the one that bounced).
 */
export const inboundEmail = pgTable(
  'inbound_email',
  {
    id: idColumn(),
    orgId: orgIdColumn(),
    customerId: uuid('customer_id').references(() => customer.id, { onDelete: 'set null' }),
    eventId: uuid('event_id').references(() => event.id, { onDelete: 'set null' }),
    answersEventId: uuid('answers_event_id').references(() => event.id, { onDelete: 'set null' }),
    channel: inboundChannelEnum('channel').notNull(),
    kind: inboundKindEnum('kind').notNull(),
    matchedBy: inboundMatchEnum('matched_by'),
    envelopeFrom: text('envelope_from'),
    envelopeTo: jsonb('envelope_to').$type<string[]>().notNull().default([]),
    fromAddress: text('from_address'),
    fromName: text('from_name'),
    toAddresses: jsonb('to_addresses').$type<string[]>().notNull().default([]),
    subject: text('subject').notNull().default(''),
    messageId: text('message_id'),
    inReplyTo: text('in_reply_to'),
    references: jsonb('references').$type<string[]>().notNull().default([]),
    /** The Date header: when the writer sent it, by their clock. */
    writtenAt: timestamp('written_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }).defaultNow().notNull(),
    text: text('text').notNull().default(''),
    html: text('html'),
    /** The text with quoted history and signature stripped, for display and for triage. */
    visibleText: text('visible_text').notNull().default(''),
    raw: bytea('raw').notNull(),
    size: integer('size').notNull(),
    autoReply: jsonb('auto_reply').$type<InboundAutoReply>(),
    bounce: jsonb('bounce').$type<InboundBounce>(),
    triage: jsonb('triage').$type<TriageSuggestion>(),
    /** What a person did with the suggestion (decision 0021, triage), when, and who. */
    triageAction: text('triage_action'),
    triageActedAt: timestamp('triage_acted_at', { withTimezone: true }),
    triageActorId: uuid('triage_actor_id'),
    /** When someone in the organisation first opened it; null while unread. */
    readAt: timestamp('read_at', { withTimezone: true }),
    ...timestampColumns(),
  },
  (t) => [
    // The same message delivered twice (a webhook retried, a relay resending) is kept once.
    uniqueIndex('inbound_email_message_uidx').on(t.orgId, t.messageId).where(sql`${t.messageId} is not null`),
    index('inbound_email_received_idx').on(t.orgId, t.receivedAt),
    index('inbound_email_unassigned_idx').on(t.orgId, t.receivedAt).where(sql`${t.customerId} is null and ${t.kind} <> 'bounce'`),
    index('inbound_email_unread_idx').on(t.orgId).where(sql`${t.readAt} is null and ${t.kind} <> 'bounce'`),
    index('inbound_email_event_idx').on(t.eventId),
    index('inbound_email_answers_idx').on(t.answersEventId),
  ],
);

/** A file that came with a message; its bytes are kept up to INBOUND_ATTACHMENT_MAX_BYTES, else only what it was. */
export const inboundAttachment = pgTable(
  'inbound_attachment',
  {
    id: idColumn(),
    orgId: orgIdColumn(),
    inboundEmailId: uuid('inbound_email_id')
      .notNull()
      .references(() => inboundEmail.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    filename: text('filename'),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** Null when it was larger than the limit: the name, type and size are still listed. */
    content: bytea('content'),
    ...timestampColumns(),
  },
  (t) => [index('inbound_attachment_email_idx').on(t.inboundEmailId, t.position)],
);
