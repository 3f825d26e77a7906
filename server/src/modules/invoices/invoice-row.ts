import type { Invoice } from '@receivables/contracts';

import type { invoice } from '../../db/schema';
import { iso } from '../customers/customer-row';

export type InvoiceRecord = typeof invoice.$inferSelect;

/** The one place an invoice row becomes the wire shape of the contracts. */
export function toInvoice(row: InvoiceRecord): Invoice {
  return {
    id: row.id,
    customer_id: row.customerId,
    number: row.number,
    currency: row.currency,
    amount_due: row.amountDue,
    amount_paid: row.amountPaid,
    amount_remaining: row.amountRemaining,
    issued_on: row.issuedOn,
    due_date: row.dueDate,
    status: row.status,
    source: row.source,
    external_id: row.externalId,
    payment_url: row.paymentUrl,
    payment_retry_at: row.paymentRetryAt ? iso(row.paymentRetryAt) : null,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

/** The audited fields of an invoice, snake_case as on the wire. */
export function auditedInvoice(row: Pick<InvoiceRecord, 'status' | 'amountDue' | 'amountPaid' | 'amountRemaining' | 'dueDate' | 'paymentUrl'>) {
  return {
    status: row.status,
    amount_due: row.amountDue,
    amount_paid: row.amountPaid,
    amount_remaining: row.amountRemaining,
    due_date: row.dueDate,
    payment_url: row.paymentUrl,
  };
}
