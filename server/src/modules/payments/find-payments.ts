import type { PageQuery, PaymentAllocation, PaymentListResponse } from '@receivables/contracts';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';

import { type DbOrTx, type Tx, withOrg } from '../../db/client';
import { invoice, payment, paymentAllocation } from '../../db/schema';
import { requireCustomer } from '../customers/require-customer';

import { toPayment } from './payment-row';

/**
 * A page of a customer's payments, newest first, with the number of the invoice each settled and,
 * for a payment on account, where it went (decision 0037).
 */
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
    const onAccount = rows.filter((r) => r.payment.invoiceId === null).map((r) => r.payment.id);
    const allocations = await readAllocations(tx, deps.orgId, onAccount);
    return {
      rows: rows.map((r) => toPayment(r.payment, r.invoiceNumber, allocations.get(r.payment.id) ?? [])),
      total: counted?.total ?? 0,
    };
  });
}

/** The allocations of these payments, by payment, each in the order it was made (oldest due first). */
async function readAllocations(tx: Tx, orgId: string, paymentIds: string[]): Promise<Map<string, PaymentAllocation[]>> {
  const byPayment = new Map<string, PaymentAllocation[]>();
  if (paymentIds.length === 0) return byPayment;
  const rows = await tx
    .select({
      paymentId: paymentAllocation.paymentId,
      invoiceId: paymentAllocation.invoiceId,
      number: invoice.number,
      amount: paymentAllocation.amount,
    })
    .from(paymentAllocation)
    .innerJoin(invoice, and(eq(invoice.id, paymentAllocation.invoiceId), eq(invoice.orgId, paymentAllocation.orgId)))
    .where(and(eq(paymentAllocation.orgId, orgId), inArray(paymentAllocation.paymentId, paymentIds)))
    .orderBy(asc(paymentAllocation.createdAt), asc(invoice.dueDate), asc(invoice.number));
  for (const r of rows) {
    const list = byPayment.get(r.paymentId) ?? [];
    list.push({ invoice_id: r.invoiceId, invoice_number: r.number, amount: r.amount });
    byPayment.set(r.paymentId, list);
  }
  return byPayment;
}
