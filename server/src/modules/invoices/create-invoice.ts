import { formatMoney, type Invoice, type InvoiceCreate } from '@receivables/contracts';
import { and, eq } from 'drizzle-orm';

import { withOrg } from '../../db/client';
import { invoice } from '../../db/schema';
import { domainRule } from '../../errors/domain-errors';
import { onUniqueViolation } from '../../errors/unique-violation';
import type { OrgScope } from '../../org/org-scope';
import { changedFields, recordAudit } from '../../org/record-audit';
import { refreshCustomerFigures } from '../customers/refresh-customer-figures';
import { requireCustomer } from '../customers/require-customer';
import { reconcileCustomers } from '../scheduling/reconcile-customers';

import { applyCustomerCredit } from './apply-customer-credit';
import { auditedInvoice, toInvoice } from './invoice-row';
import { settle } from './invoice-settlement';

const CONFLICTS = onUniqueViolation({
  invoice_org_number_uidx: { message: 'An invoice with this number already exists', field: 'number', reason: 'is already used by another invoice' },
  invoice_org_source_external_uidx: { message: 'An invoice with this external_id already exists', field: 'external_id', reason: 'is already used by another invoice' },
});

/**
 * Create an invoice, or with `external_id` create-or-update the API invoice carrying it
 * (`created` tells which). The customer's figures are recomputed, and its chasing reconciled with
 * them (decision 0018), in the same transaction.
 */
export async function createInvoice(deps: OrgScope, input: InvoiceCreate): Promise<{ invoice: Invoice; created: boolean }> {
  return withOrg(deps.db, deps.orgId, async (tx) => {
    const owner = await requireCustomer(tx, deps.orgId, input.customer_id, { lock: true, field: 'customer_id' });
    if (input.currency !== owner.currency) {
      throw domainRule(`The customer's invoices are in ${owner.currency}`, 'currency', `must be the customer's currency ${owner.currency}`);
    }
    const [existing] = input.external_id
      ? await tx
        .select()
        .from(invoice)
        .where(and(eq(invoice.orgId, deps.orgId), eq(invoice.source, 'api'), eq(invoice.externalId, input.external_id)))
        .for('update')
      : [];
    const amountPaid = input.amount_paid ?? existing?.amountPaid ?? 0;
    if (amountPaid > input.amount_due) {
      throw domainRule('The invoice has been paid more than its new amount', 'amount_due', `must be at least the ${formatMoney(amountPaid, input.currency)} already paid`);
    }
    const money = settle(input.status, input.amount_due, amountPaid);
    const values = {
      customerId: owner.id,
      number: input.number,
      currency: input.currency,
      amountDue: input.amount_due,
      ...money,
      issuedOn: input.issued_on,
      dueDate: input.due_date,
      externalId: input.external_id ?? null,
      paymentUrl: input.payment_url ?? null,
    };
    const write = existing
      ? tx.update(invoice).set(values).where(eq(invoice.id, existing.id)).returning()
      : tx.insert(invoice).values({ ...values, orgId: deps.orgId, source: 'api' }).returning();
    const [row] = await write.catch(CONFLICTS);
    if (!row) throw new Error('invoice write returned nothing');

    if (existing) {
      const diff = changedFields({ customer_id: existing.customerId, number: existing.number, ...auditedInvoice(existing) }, {
        customer_id: row.customerId,
        number: row.number,
        ...auditedInvoice(row),
      });
      if (diff) await recordAudit(tx, deps, { action: 'invoice.upsert', entity: 'invoice', entityId: row.id, customerId: row.customerId, ...diff });
    } else {
      // An invoice added by hand (or by an API client) is a change to what the customer owes: the
      // audit log says who added it, as it does for an imported one (decision 0042).
      await recordAudit(tx, deps, { action: 'invoice.create', entity: 'invoice', entityId: row.id, customerId: row.customerId, before: null, after: createdInvoice(row) });
    }
    // Money the customer already paid on account goes to what it now owes (decision 0037): we do
    // not chase a debt we hold the money for. The answer shows the invoice as it then stands.
    const credited = await applyCustomerCredit(tx, deps.orgId, owner.id);
    const [settled] = credited.some((a) => a.invoiceId === row.id) ? await tx.select().from(invoice).where(eq(invoice.id, row.id)) : [row];
    const affected = [...new Set([owner.id, existing?.customerId ?? owner.id])];
    await refreshCustomerFigures(tx, deps.orgId, { customerIds: affected });
    await reconcileCustomers(tx, deps.orgId, affected, new Date());
    return { invoice: toInvoice(settled ?? row), created: !existing };
  });
}

/** What the audit log keeps of a new invoice: its number and money, in the wire's names. */
function createdInvoice(row: typeof invoice.$inferSelect) {
  return { number: row.number, currency: row.currency, issued_on: row.issuedOn, ...auditedInvoice(row) };
}
