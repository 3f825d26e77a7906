import { formatMajorUnits, type Payment, type PaymentCreate } from '@receivables/contracts';
import { and, eq } from 'drizzle-orm';

import { type Tx, withOrg } from '../../db/client';
import { invoice, payment } from '../../db/schema';
import { domainRule, notFound } from '../../errors/domain-errors';
import { onUniqueViolation } from '../../errors/unique-violation';
import type { OrgScope } from '../../org/org-scope';
import { readOrganisationSettings } from '../../org/read-organisation-settings';
import { recordAudit } from '../../org/record-audit';
import { refreshCustomerFigures } from '../customers/refresh-customer-figures';
import { type CustomerRecord, requireCustomer } from '../customers/require-customer';
import { applyCustomerCredit } from '../invoices/apply-customer-credit';
import { settle } from '../invoices/invoice-settlement';
import { reconcileCustomers } from '../scheduling/reconcile-customers';

import { toPayment } from './payment-row';
import { requirePaidAtNotFuture } from './require-paid-at-not-future';

/**
 * Record a payment from a customer, dated no later than the organisation's today. Against an
 * invoice it may settle at most what remains; the invoice becomes paid when nothing does. On
 * account (no invoice), it goes to the customer's open invoices oldest due first and the rest is
 * credit (decision 0037). Either way the customer's figures and chasing follow.
 */
export async function createPayment(deps: OrgScope, input: PaymentCreate): Promise<Payment> {
  const now = deps.now?.() ?? new Date();
  const paidAt = input.paid_at ? new Date(input.paid_at) : now;
  return withOrg(deps.db, deps.orgId, async (tx) => {
    const owner = await requireCustomer(tx, deps.orgId, input.customer_id, { lock: true, field: 'customer_id' });
    requirePaidAtNotFuture(paidAt, now, (await readOrganisationSettings(tx, deps.orgId)).time_zone);
    const invoiceNumber = input.invoice_id ? await applyToInvoice(tx, deps.orgId, owner, input.invoice_id, input) : null;
    if (!input.invoice_id && input.currency !== owner.currency) {
      throw domainRule(`The customer pays in ${owner.currency}`, 'currency', `must be the customer's currency ${owner.currency}`);
    }
    const [row] = await tx
      .insert(payment)
      .values({
        orgId: deps.orgId,
        customerId: owner.id,
        invoiceId: input.invoice_id ?? null,
        amount: input.amount,
        currency: input.currency,
        paidAt,
        externalId: input.external_id ?? null,
      })
      .returning()
      .catch(
        onUniqueViolation({
          payment_org_source_external_uidx: { message: 'A payment with this external_id already exists', field: 'external_id', reason: 'is already used by another payment' },
        }),
      );
    if (!row) throw new Error('payment insert returned nothing');
    // On account, all the money the customer holds on account is offered to its open invoices,
    // oldest payment first: credit left earlier (when nothing could take it) as well as this one.
    const allocated = input.invoice_id ? [] : await applyCustomerCredit(tx, deps.orgId, owner.id);
    const own = allocated
      .filter((a) => a.paymentId === row.id)
      .map((a) => ({ invoice_id: a.invoiceId, invoice_number: a.invoiceNumber, amount: a.amount }));
    await recordAudit(tx, deps, {
      action: 'payment.create',
      entity: 'payment',
      entityId: row.id,
      customerId: owner.id,
      before: null,
      after: {
        amount: row.amount,
        currency: row.currency,
        invoice_number: invoiceNumber,
        paid_at: row.paidAt.toISOString(),
        ...(input.invoice_id ? {} : { allocated: own.map((a) => `${a.invoice_number} ${formatMajorUnits(a.amount, row.currency)}`) }),
      },
    });
    if (input.invoice_id || allocated.length > 0) {
      await refreshCustomerFigures(tx, deps.orgId, { customerIds: [owner.id], now });
      await reconcileCustomers(tx, deps.orgId, [owner.id], now);
    }
    return toPayment(row, invoiceNumber, own);
  });
}

async function applyToInvoice(tx: Tx, orgId: string, owner: CustomerRecord, invoiceId: string, input: PaymentCreate): Promise<string> {
  const [target] = await tx.select().from(invoice).where(and(eq(invoice.orgId, orgId), eq(invoice.id, invoiceId))).for('update');
  if (!target) throw notFound('Invoice', 'invoice_id');
  if (target.customerId !== owner.id) throw domainRule('The invoice belongs to another customer', 'invoice_id', 'is not an invoice of customer_id');
  if (target.status !== 'open') throw domainRule(`The invoice is ${target.status}`, 'invoice_id', 'only an open invoice can take a payment');
  if (input.currency !== target.currency) throw domainRule(`The invoice is in ${target.currency}`, 'currency', `must be the invoice's currency ${target.currency}`);
  if (input.amount > target.amountRemaining) {
    throw domainRule('The payment is more than the invoice has left to pay', 'amount', `must be at most the ${target.amountRemaining} remaining`);
  }
  await tx.update(invoice).set(settle('open', target.amountDue, target.amountPaid + input.amount)).where(eq(invoice.id, target.id));
  return target.number;
}
