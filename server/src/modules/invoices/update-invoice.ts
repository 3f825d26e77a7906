import { formatMoney, type Invoice, type InvoiceUpdate } from '@receivables/contracts';
import { and, eq } from 'drizzle-orm';

import { withOrg } from '../../db/client';
import { invoice, payment } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { domainRule, notFound } from '../../errors/domain-errors';
import type { OrgScope } from '../../org/org-scope';
import { changedFields, recordAudit } from '../../org/record-audit';
import { refreshCustomerFigures } from '../customers/refresh-customer-figures';
import { reconcileCustomers } from '../scheduling/reconcile-customers';

import { auditedInvoice, toInvoice } from './invoice-row';
import { settle } from './invoice-settlement';

/**
 * Mark an invoice paid (the unpaid rest is recorded as a payment), void, uncollectible or open
 * again, or change its amount, due date or payment link; the customer's figures and chasing follow.
 */
export async function updateInvoice(deps: OrgScope, id: string, input: InvoiceUpdate): Promise<Invoice> {
  const now = deps.now?.() ?? new Date();
  return withOrg(deps.db, deps.orgId, async (tx) => {
    const [current] = await tx.select().from(invoice).where(and(eq(invoice.orgId, deps.orgId), eq(invoice.id, id))).for('update');
    if (!current) throw notFound('Invoice');
    const status = input.status ?? current.status;
    const amountDue = input.amount_due ?? current.amountDue;
    const dueDate = input.due_date ?? current.dueDate;
    if (current.status === 'paid' && (status !== 'paid' || amountDue !== current.amountDue)) {
      throw domainRule('A paid invoice cannot be reopened, written off or re-priced', 'status', 'the invoice is paid');
    }
    if (amountDue < current.amountPaid) {
      throw domainRule('The invoice has been paid more than its new amount', 'amount_due', `must be at least the ${formatMoney(current.amountPaid, current.currency)} already paid`);
    }
    if (dueDate < current.issuedOn) {
      throw new AppError('VALIDATION_FAILED', 'The due date is before the issue date', [{ field: 'due_date', reason: `must not be before issued_on ${current.issuedOn}` }]);
    }
    const money = settle(status, amountDue, current.amountPaid);
    const [row] = await tx
      .update(invoice)
      .set({ amountDue, dueDate, ...money, ...(input.payment_url !== undefined ? { paymentUrl: input.payment_url } : {}) })
      .where(eq(invoice.id, id))
      .returning();
    if (!row) throw notFound('Invoice');

    // Marking paid records the money that settled it, so payments add up to what was paid.
    const settled = money.amountPaid - current.amountPaid;
    if (settled > 0) {
      const settledBy = { customerId: row.customerId, invoiceId: row.id, amount: settled, currency: row.currency, paidAt: now };
      await tx.insert(payment).values({ orgId: deps.orgId, ...settledBy });
    }
    const diff = changedFields(auditedInvoice(current), auditedInvoice(row));
    if (diff) await recordAudit(tx, deps, { action: 'invoice.update', entity: 'invoice', entityId: id, customerId: row.customerId, ...diff });
    await refreshCustomerFigures(tx, deps.orgId, { customerIds: [row.customerId], now });
    await reconcileCustomers(tx, deps.orgId, [row.customerId], now);
    return toInvoice(row);
  });
}
