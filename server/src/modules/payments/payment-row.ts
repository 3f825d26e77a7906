import type { Payment, PaymentAllocation } from '@receivables/contracts';

import type { payment } from '../../db/schema';
import { iso } from '../customers/customer-row';

export type PaymentRecord = typeof payment.$inferSelect;

/** The one place a payment row becomes the wire shape of the contracts. */
export function toPayment(row: PaymentRecord, invoiceNumber: string | null, allocations: PaymentAllocation[] = []): Payment {
  return {
    id: row.id,
    customer_id: row.customerId,
    invoice_id: row.invoiceId,
    invoice_number: invoiceNumber,
    amount: row.amount,
    currency: row.currency,
    paid_at: iso(row.paidAt),
    source: row.source,
    external_id: row.externalId,
    kind: row.kind,
    amount_refunded: row.amountRefunded,
    allocations,
    created_at: iso(row.createdAt),
  };
}
