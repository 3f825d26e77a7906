import type { InvoiceStatus } from '@receivables/contracts';
import { sql } from 'drizzle-orm';

import type { Tx } from '../../db/client';
import { paymentAllocation } from '../../db/schema';

import { settle } from './invoice-settlement';

/** One part of a payment on account given to one invoice. */
export interface CreditAllocation {
  paymentId: string;
  invoiceId: string;
  invoiceNumber: string;
  amount: number;
}

type PlannedRow = {
  payment_id: string;
  invoice_id: string;
  invoice_number: string;
  amount: number;
  amount_due: number;
  amount_paid: number;
};

/**
 * Give the customer's credit — what its payments on account hold beyond what they were already
 * allocated — to its open invoices, oldest due first (ties by number, then by when recorded), the
 * oldest payment's money first (decision 0037). Each part is a `payment_allocation` row and the
 * invoice's paid, remaining and status follow by `settle()`. Stripe's invoices take none: Stripe
 * sets their amounts, and a sync would undo ours. The caller holds the customer's row lock (so two
 * writers never hand out the same credit) and refreshes the figures and chasing afterwards.
 * Returns what was allocated, in order.
 */
export async function applyCustomerCredit(tx: Tx, orgId: string, customerId: string): Promise<CreditAllocation[]> {
  // Greedy allocation as interval overlap: payments and invoices each laid end to end in their
  // order (running sums), a payment gives an invoice exactly where their ranges overlap.
  const planned = await tx.execute<PlannedRow>(sql`
    with held as (
      select p.id, p.paid_at, p.created_at,
             p.amount - coalesce((select sum(a.amount) from payment_allocation a where a.org_id = p.org_id and a.payment_id = p.id), 0) as left_over
      from payment p
      where p.org_id = ${orgId} and p.customer_id = ${customerId} and p.invoice_id is null and p.kind = 'payment'
    ),
    pays as (
      select id, (sum(left_over) over w - left_over)::bigint as from_at, (sum(left_over) over w)::bigint as to_at
      from held where left_over > 0
      window w as (order by paid_at, created_at, id)
    ),
    owed as (
      select id, number, amount_due, amount_paid,
             (sum(amount_remaining) over w - amount_remaining)::bigint as from_at, (sum(amount_remaining) over w)::bigint as to_at
      from invoice
      where org_id = ${orgId} and customer_id = ${customerId} and status = 'open' and amount_remaining > 0 and source <> 'stripe'
      window w as (order by due_date, number, created_at, id)
    )
    select pays.id as payment_id, owed.id as invoice_id, owed.number as invoice_number,
           (least(pays.to_at, owed.to_at) - greatest(pays.from_at, owed.from_at))::bigint as amount,
           owed.amount_due, owed.amount_paid
    from pays join owed on pays.from_at < owed.to_at and owed.from_at < pays.to_at
    order by owed.from_at, pays.from_at`);
  // bigint columns arrive as numbers (db/client.ts sets the parser).
  const rows = planned.rows;
  if (rows.length === 0) return [];

  await tx
    .insert(paymentAllocation)
    .values(rows.map((r) => ({ orgId, paymentId: r.payment_id, invoiceId: r.invoice_id, amount: r.amount })));
  const byInvoice = new Map<string, { amountDue: number; amountPaid: number }>();
  for (const r of rows) {
    const seen = byInvoice.get(r.invoice_id) ?? { amountDue: r.amount_due, amountPaid: r.amount_paid };
    byInvoice.set(r.invoice_id, { ...seen, amountPaid: seen.amountPaid + r.amount });
  }
  const settled = [...byInvoice].map(([id, money]) => ({ id, ...toColumns(settle('open', money.amountDue, money.amountPaid)) }));
  // One statement for all the invoices touched; the org and status guards keep it to what was planned.
  await tx.execute(sql`
    update invoice i set amount_paid = x.amount_paid, amount_remaining = x.amount_remaining, status = x.status, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(settled)}::jsonb)
      as x(id uuid, amount_paid bigint, amount_remaining bigint, status invoice_status)
    where i.org_id = ${orgId} and i.id = x.id and i.status = 'open'`);
  return rows.map((r) => ({ paymentId: r.payment_id, invoiceId: r.invoice_id, invoiceNumber: r.invoice_number, amount: r.amount }));
}

function toColumns(money: { status: InvoiceStatus; amountPaid: number; amountRemaining: number }) {
  return { amount_paid: money.amountPaid, amount_remaining: money.amountRemaining, status: money.status };
}
