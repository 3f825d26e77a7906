import { sql } from 'drizzle-orm';
import { date, index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { idColumn, orgIdColumn, timestampColumns } from './columns';
import { customer } from './customers';

// Mirrors the contracts' customerNoteKindSchema and callOutcomeSchema (decision 0043).
export const customerNoteKindEnum = pgEnum('customer_note_kind', ['note', 'call']);
export const callOutcomeEnum = pgEnum('call_outcome', ['spoke', 'left_message', 'no_answer', 'wrong_number']);

/**
 * A note a person wrote on a customer, or a call they logged (decision 0043): who they spoke to,
 * when, how it went, and the day they mean to follow it up, which lands on Home's To do on that day
 * until someone marks it done. The customer's timeline shows it among the emails.
 */
export const customerNote = pgTable(
  'customer_note',
  {
    id: idColumn(),
    orgId: orgIdColumn(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    kind: customerNoteKindEnum('kind').notNull(),
    body: text('body').notNull().default(''),
    /** A call's: the person spoken to (free text: a contact's name or whoever picked up). */
    contactName: text('contact_name'),
    /** A call's outcome; null for a note. */
    outcome: callOutcomeEnum('outcome'),
    /** When it happened: the call's time, or when the note was written. */
    happenedAt: timestamp('happened_at', { withTimezone: true }).defaultNow().notNull(),
    /** The organisation's day to follow it up on; null for none. */
    followUpOn: date('follow_up_on', { mode: 'string' }),
    followUpDoneAt: timestamp('follow_up_done_at', { withTimezone: true }),
    followUpDoneBy: uuid('follow_up_done_by'),
    // No foreign key, as in audit_log: the record outlives the user who wrote it.
    createdBy: uuid('created_by'),
    ...timestampColumns(),
  },
  (t) => [
    index('customer_note_customer_idx').on(t.orgId, t.customerId, t.happenedAt),
    // Home's To do: follow-ups still to do, by day.
    index('customer_note_follow_up_idx').on(t.orgId, t.followUpOn).where(sql`${t.followUpOn} is not null and ${t.followUpDoneAt} is null`),
  ],
);
