import type { InvoiceListQuery, InvoiceListResponse } from '@receivables/contracts';
import { and, asc, count, eq, sql } from 'drizzle-orm';

import { type DbOrTx, withOrg } from '../../db/client';
import { invoice } from '../../db/schema';
import { requireCustomer } from '../customers/require-customer';

import { toInvoice } from './invoice-row';

/** A page of a customer's invoices: open ones first, then by due date (oldest first). */
export async function findInvoices(deps: { db: DbOrTx; orgId: string }, query: InvoiceListQuery): Promise<InvoiceListResponse> {
  return withOrg(deps.db, deps.orgId, async (tx) => {
    await requireCustomer(tx, deps.orgId, query.customer_id, { field: 'customer_id' });
    const where = and(eq(invoice.orgId, deps.orgId), eq(invoice.customerId, query.customer_id));
    const rows = await tx
      .select()
      .from(invoice)
      .where(where)
      .orderBy(sql`(${invoice.status} <> 'open')`, asc(invoice.dueDate), asc(invoice.number), asc(invoice.id))
      .limit(query.limit)
      .offset(query.offset);
    const [counted] = await tx.select({ total: count() }).from(invoice).where(where);
    return { rows: rows.map(toInvoice), total: counted?.total ?? 0 };
  });
}
