import type { CustomerBalance, DebtStanding } from '@receivables/contracts';
import { sql } from 'drizzle-orm';

import type { Tx } from '../../db/client';

/**
 * What a customer owes on its open invoices as of `today` (the organisation's), and the standing
 * those invoices give by the rule of refresh_customer_figures (docs/domain.md, Standing) — what a
 * paused customer is underneath. One pass over the customer's open invoices on the
 * (org_id, customer_id, status, due_date) index; computed live, so `overdue` and `not_yet_due`
 * add up to `open` even in the minutes before the hourly figures job has run.
 */
export async function readCustomerBalance(
  tx: Tx,
  orgId: string,
  customerId: string,
  today: string,
): Promise<{ balance: CustomerBalance; underlyingStanding: DebtStanding }> {
  const result = await tx.execute(sql`
    select coalesce(sum(i.amount_remaining), 0)::bigint as open,
           coalesce(sum(i.amount_remaining) filter (where i.due_date < ${today}::date), 0)::bigint as overdue,
           count(*) filter (where i.due_date < ${today}::date)::integer as n_overdue
    from invoice i
    where i.org_id = ${orgId} and i.customer_id = ${customerId} and i.status = 'open' and i.amount_remaining > 0
  `);
  const row = result.rows[0] as { open: number; overdue: number; n_overdue: number } | undefined;
  const open = row?.open ?? 0;
  const overdue = row?.overdue ?? 0;
  const nOverdue = row?.n_overdue ?? 0;
  return {
    balance: { open, overdue, not_yet_due: open - overdue },
    underlyingStanding: nOverdue === 0 ? 'in_good_standing' : nOverdue === 1 ? 'single_missed' : 'multiple_missed',
  };
}
