import { sql } from 'drizzle-orm';

import type { Tx } from '../../db/client';

/** The customer's credit: money received on account that no invoice has taken (decision 0037). */
export async function readCustomerCredit(tx: Tx, orgId: string, customerId: string): Promise<number> {
  const result = await tx.execute<{ credit: number | string }>(sql`
    select coalesce(sum(p.amount), 0) - coalesce((
             select sum(a.amount) from payment_allocation a
             join payment q on q.id = a.payment_id and q.org_id = a.org_id
             where a.org_id = ${orgId} and q.customer_id = ${customerId} and q.invoice_id is null and q.kind = 'payment'), 0) as credit
    from payment p
    where p.org_id = ${orgId} and p.customer_id = ${customerId} and p.invoice_id is null and p.kind = 'payment'`);
  return Number(result.rows[0]?.credit ?? 0);
}
