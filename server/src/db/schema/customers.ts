import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { idColumn, orgIdColumn, timestampColumns } from './columns';
import { chaseStopReasonEnum, contactRoleEnum, pauseReasonEnum, standingEnum } from './enums';
import { workflow } from './workflows';

export const customer = pgTable(
  'customer',
  {
    id: idColumn(),
    orgId: orgIdColumn(),
    name: text('name').notNull(),
    currency: text('currency').notNull().default('GBP'),
    /** "source:id" of the record this customer was imported from (Stripe, CSV, API). */
    externalRef: text('external_ref'),
    standing: standingEnum('standing').notNull().default('in_good_standing'),
    standingSince: timestamp('standing_since', { withTimezone: true }).defaultNow().notNull(),
    pausedUntil: date('paused_until', { mode: 'string' }),
    /**
     * Why the system paused it (decision 0021: a reply, an out-of-office, a triage action) and the
     * received email that did; both null when a person paused it by hand. Read only while paused.
     */
    pauseReason: pauseReasonEnum('pause_reason'),
    pauseEventId: uuid('pause_event_id'),
    // Null follows the organisation's default workflow; deleting a workflow moves its customers first.
    workflowId: uuid('workflow_id').references(() => workflow.id, { onDelete: 'set null' }),
    lastChaseAt: timestamp('last_chase_at', { withTimezone: true }),
    /** When Stripe said the customer it came from was deleted (decision 0022): kept with its history, no longer synced. */
    stripeDeletedAt: timestamp('stripe_deleted_at', { withTimezone: true }),
    // Derived by refresh_customer_figures() from the customer's overdue open invoices.
    amountOverdue: bigint('amount_overdue', { mode: 'number' }).notNull().default(0),
    nInvoices: integer('n_invoices').notNull().default(0),
    dueDate: date('due_date', { mode: 'string' }),
    // The scheduler's bookkeeping (decision 0018, "Which customers a pass reads"): the episode it
    // last planned the customer from, and when time alone can next change that plan (null: never).
    planEpisode: timestamp('plan_episode', { withTimezone: true }),
    planReviewAt: timestamp('plan_review_at', { withTimezone: true }),
    /**
     * The chase (decision 0036): when the customer's current run of overdue debt began (null in good
     * standing or paused), and the due date its workflow's steps count from — the oldest due date
     * overdue at any time in the run, so paying the oldest invoice does not turn the clock back.
     */
    chaseSince: timestamp('chase_since', { withTimezone: true }),
    chaseDueDate: date('chase_due_date', { mode: 'string' }),
    /**
     * When chasing stops, and why (decision 0039), as the scheduler last planned the customer: the
     * last planned email's time (or the pass's, when nothing was left to plan) and what leaves
     * nothing after it. Read as stopped only once that time has passed, while the customer still
     * owes in the standing planned from. Both null when nothing is chased.
     */
    chaseStopReason: chaseStopReasonEnum('chase_stop_reason'),
    chaseStopsAt: timestamp('chase_stops_at', { withTimezone: true }),
    /**
     * What the list's free-text search reads: the lower-cased name and primary contact's address,
     * on one line each (migration 0024 keeps it by triggers; decision 0029). One column with one
     * trigram index lets the planner choose between the index and walking the sort order.
     */
    searchText: text('search_text').notNull().default(''),
    ...timestampColumns(),
  },
  (t) => [
    // One index per sortable column of the list (customer-query.ts), with id as tie-breaker:
    // scanned forwards for asc and backwards for desc. Nullable columns sort nulls last both
    // ways, so their descending order needs an index of its own.
    // Amounts rank within their currency (decision 0013).
    index('customer_org_currency_amount_overdue_idx').on(t.orgId, t.currency, t.amountOverdue, t.id),
    index('customer_org_currency_amount_overdue_desc_idx').on(t.orgId, t.currency, t.amountOverdue.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('customer_org_lower_name_idx').on(t.orgId, sql`lower(${t.name})`, t.id),
    index('customer_org_n_invoices_idx').on(t.orgId, t.nInvoices, t.id),
    index('customer_org_standing_idx').on(t.orgId, t.standing, t.id),
    index('customer_org_currency_idx').on(t.orgId, t.currency, t.id),
    index('customer_org_created_at_idx').on(t.orgId, t.createdAt, t.id),
    index('customer_org_due_date_idx').on(t.orgId, t.dueDate, t.id),
    index('customer_org_due_date_desc_idx').on(t.orgId, t.dueDate.desc().nullsLast(), t.id.desc()),
    index('customer_org_last_chase_at_idx').on(t.orgId, t.lastChaseAt, t.id),
    index('customer_org_last_chase_at_desc_idx').on(t.orgId, t.lastChaseAt.desc().nullsLast(), t.id.desc()),
    // The few customers whose chasing stops: the list's filter and Home's count read them alone.
    index('customer_org_chase_stops_at_idx').on(t.orgId, t.chaseStopsAt).where(sql`${t.chaseStopReason} is not null`),
    index('customer_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    uniqueIndex('customer_org_external_ref_uidx').on(t.orgId, t.externalRef).where(sql`${t.externalRef} is not null`),
  ],
);

export const contact = pgTable(
  'contact',
  {
    id: idColumn(),
    orgId: orgIdColumn(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    name: text('name'),
    email: text('email').notNull(),
    phone: text('phone'),
    role: contactRoleEnum('role').notNull().default('primary'),
    /** Set by a hard bounce (decision 0021): chasing no longer writes to it, and the customer page asks for another address. */
    undeliverableAt: timestamp('undeliverable_at', { withTimezone: true }),
    undeliverableReason: text('undeliverable_reason'),
    ...timestampColumns(),
  },
  (t) => [
    index('contact_customer_role_idx').on(t.customerId, t.role),
    // At most one primary contact, so the list can join it without duplicating customers.
    uniqueIndex('contact_one_primary_uidx').on(t.customerId).where(sql`${t.role} = 'primary'`),
    // And at most one escalation contact, joined the same way.
    uniqueIndex('contact_one_escalation_uidx').on(t.customerId).where(sql`${t.role} = 'escalation'`),
    index('contact_email_trgm_idx').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
  ],
);

export const tag = pgTable(
  'tag',
  {
    id: idColumn(),
    orgId: orgIdColumn(),
    name: text('name').notNull(),
    colour: text('colour').notNull().default('#607d8b'),
    ...timestampColumns(),
  },
  // Names are unique ignoring case: "VIP" and "vip" are the same tag to a person.
  (t) => [uniqueIndex('tag_org_lower_name_uidx').on(t.orgId, sql`lower(${t.name})`)],
);

export const customerTag = pgTable(
  'customer_tag',
  {
    orgId: orgIdColumn(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tag.id, { onDelete: 'cascade' }),
    ...timestampColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.tagId] }),
    index('customer_tag_org_tag_customer_idx').on(t.orgId, t.tagId, t.customerId),
  ],
);
