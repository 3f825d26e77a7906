import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { idColumn, orgIdColumn, timestampColumns } from './columns';
import { customer } from './customers';
import { dataSourceEnum, invoiceStatusEnum, paymentKindEnum, standingEnum, transitionReasonEnum } from './enums';

export const invoice = pgTable(
  'invoice',
  {
    id: idColumn(),
    orgId: orgIdColumn(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    currency: text('currency').notNull(),
    amountDue: bigint('amount_due', { mode: 'number' }).notNull(),
    amountPaid: bigint('amount_paid', { mode: 'number' }).notNull().default(0),
    amountRemaining: bigint('amount_remaining', { mode: 'number' }).notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    status: invoiceStatusEnum('status').notNull().default('open'),
    source: dataSourceEnum('source').notNull().default('api'),
    externalId: text('external_id'),
    paymentUrl: text('payment_url'),
    /**
     * Stripe's own collection of an invoice it charges automatically (decision 0023): when it will
     * try the card again (`next_payment_attempt`; null when it will not), how many tries it made,
     * and when we saw it stop retrying an invoice still open. Chasing waits while Stripe retries,
     * and starts its clock when the retries end.
     */
    paymentRetryAt: timestamp('payment_retry_at', { withTimezone: true }),
    paymentAttempts: integer('payment_attempts').notNull().default(0),
    retriesEndedAt: timestamp('retries_ended_at', { withTimezone: true }),
    ...timestampColumns(),
  },
  (t) => [
    index('invoice_org_customer_status_due_idx').on(t.orgId, t.customerId, t.status, t.dueDate),
    index('invoice_org_due_date_idx').on(t.orgId, t.dueDate),
    // The open unpaid invoices with what the figures read of them: a customer's overdue figures are
    // an index-only probe, and the daily pass finds what fell due by walking this small index (decision 0018).
    index('invoice_org_open_customer_idx')
      .on(t.orgId, t.customerId, t.dueDate, t.amountRemaining)
      .where(sql`${t.status} = 'open' and ${t.amountRemaining} > 0`),
    uniqueIndex('invoice_org_source_external_uidx')
      .on(t.orgId, t.source, t.externalId)
      .where(sql`${t.externalId} is not null`),
    uniqueIndex('invoice_org_number_uidx').on(t.orgId, t.number),
  ],
);

export const payment = pgTable(
  'payment',
  {
    id: idColumn(),
    orgId: orgIdColumn(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id').references(() => invoice.id, { onDelete: 'set null' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    source: dataSourceEnum('source').notNull().default('api'),
    externalId: text('external_id'),
    /** A credit note is shown with the payments but is not money received; neither moves the figures (decision 0022). */
    kind: paymentKindEnum('kind').notNull().default('payment'),
    /** What was given back of it since (Stripe's refunds of the charge, decision 0022). */
    amountRefunded: bigint('amount_refunded', { mode: 'number' }).notNull().default(0),
    ...timestampColumns(),
  },
  (t) => [
    index('payment_org_customer_paid_at_idx').on(t.orgId, t.customerId, t.paidAt),
    index('payment_invoice_idx').on(t.invoiceId),
    uniqueIndex('payment_org_source_external_uidx')
      .on(t.orgId, t.source, t.externalId)
      .where(sql`${t.externalId} is not null`),
  ],
);

/**
 * Where a payment not made against one invoice (a payment on account) went: allocated to the
 * customer's open invoices, oldest due first, when it was recorded (decision 0037). What no
 * invoice took is the customer's credit.
 */
export const paymentAllocation = pgTable(
  'payment_allocation',
  {
    id: idColumn(),
    orgId: orgIdColumn(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payment.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoice.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    ...timestampColumns(),
  },
  (t) => [
    index('payment_allocation_payment_idx').on(t.paymentId),
    index('payment_allocation_invoice_idx').on(t.invoiceId),
    check('payment_allocation_amount_positive', sql`${t.amount} > 0`),
  ],
);

export const standingTransition = pgTable(
  'standing_transition',
  {
    id: idColumn(),
    orgId: orgIdColumn(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    from: standingEnum('from').notNull(),
    to: standingEnum('to').notNull(),
    reason: transitionReasonEnum('reason').notNull(),
    at: timestamp('at', { withTimezone: true }).defaultNow().notNull(),
    ...timestampColumns(),
  },
  (t) => [index('standing_transition_org_customer_at_idx').on(t.orgId, t.customerId, t.at)],
);
