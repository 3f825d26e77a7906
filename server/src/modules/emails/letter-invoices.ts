import { sql } from 'drizzle-orm';

import type { Tx } from '../../db/client';
import { uuidArray } from '../../db/uuid-array';

import type { MergeInvoice } from './merge-values';

/**
 * The invoices each of these customers' letters is about on `today`, oldest due first, in one read
 * (decision 0036): the overdue ones (open, past due, money left to pay); for a customer with none
 * overdue, the invoices coming due on its next due date — what a reminder before the due date
 * lists. An invoice Stripe is still retrying is never listed (decision 0023): a customer whose
 * overdue invoices are all being retried has nothing to be asked for, rather than a letter about
 * the next invoice. The preview, the scheduler, the email page and the sender all read this.
 */
export async function loadLetterInvoices(
  tx: Tx,
  orgId: string,
  ids: readonly string[],
  today: string,
): Promise<Map<string, MergeInvoice[]>> {
  const byCustomer = new Map<string, MergeInvoice[]>();
  if (ids.length === 0) return byCustomer;
  type Row = { customer_id: string; number: string; due_date: string; amount_remaining: number; payment_url: string | null };
  const rows = await tx.execute<Row>(sql`
    select customer_id, number, due_date::text, amount_remaining, payment_url from (
      select i.customer_id, i.number, i.due_date, i.amount_remaining, i.payment_url, i.payment_retry_at,
             bool_or(i.due_date < ${today}::date) over w as any_overdue,
             min(i.due_date) filter (where i.due_date >= ${today}::date) over w as next_due
      from invoice i
      where i.org_id = ${orgId} and i.customer_id = any(${uuidArray(ids)}) and i.status = 'open' and i.amount_remaining > 0
      window w as (partition by i.customer_id)
    ) x
    where x.payment_retry_at is null
      and ((x.any_overdue and x.due_date < ${today}::date) or (not x.any_overdue and x.due_date = x.next_due))
    order by customer_id, due_date, number`);
  for (const r of rows.rows) {
    const list = byCustomer.get(r.customer_id) ?? [];
    list.push({ number: r.number, dueDate: r.due_date, amountRemaining: r.amount_remaining, paymentUrl: r.payment_url });
    byCustomer.set(r.customer_id, list);
  }
  return byCustomer;
}
