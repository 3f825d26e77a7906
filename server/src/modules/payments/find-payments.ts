import type { PageQuery, PaymentListResponse } from '@receivables/contracts';
import { and, count, desc, eq } from 'drizzle-orm';

import { type DbOrTx, withOrg } from '../../db/client';
import { invoice, payment } from '../../db/schema';
import { requireCustomer } from '../customers/require-customer';

import { toPayment } from './payment-row';

/** A page of a customer's payments, newest first, with the number of the invoice each settled. */
export async function findPayments(
  deps: { db: DbOrTx; orgId: string },
  customerId: string,
  query: PageQuery,
): Promise<PaymentListResponse> {
  return withOrg(deps.db, deps.orgId, async (tx) => {
    await requireCustomer(tx, deps.orgId, customerId);
    const where = and(eq(payment.orgId, deps.orgId), eq(payment.customerId, customerId));
    const rows = await tx
      .select({ payment, invoiceNumber: invoice.number })
      .from(payment)
      .leftJoin(invoice, and(eq(invoice.id, payment.invoiceId), eq(invoice.orgId, payment.orgId)))
      .where(where)
      .orderBy(desc(payment.paidAt), desc(payment.id))
      .limit(query.limit)
      .offset(query.offset);
    const [counted] = await tx.select({ total: count() }).from(payment).where(where);
    return { rows: rows.map((r) => toPayment(r.payment, r.invoiceNumber)), total: counted?.total ?? 0 };
  });
}
