import { daysLate, type Invoice } from '@receivables/contracts';

/**
 * An invoice's state as a finance person reads it, from its stored status, its money and the
 * organisation's today (docs/domain.md, Dates: overdue from the day after the due date).
 * `part_paid` wins over due and overdue — money has come in, and the days-overdue column still
 * says how late the rest is.
 */
export type InvoiceDisplayStatus = 'overdue' | 'part_paid' | 'due' | 'paid' | 'void' | 'written_off';

type InvoiceMoney = Pick<Invoice, 'status' | 'due_date' | 'amount_paid' | 'amount_remaining'>;

/** Whether the invoice still asks for money: open, with something left to pay. */
function isOutstanding(invoice: InvoiceMoney): boolean {
  return invoice.status === 'open' && invoice.amount_remaining > 0;
}

export function invoiceDisplayStatus(invoice: InvoiceMoney, today: string): InvoiceDisplayStatus {
  switch (invoice.status) {
    case 'paid':
      return 'paid';
    case 'void':
      return 'void';
    case 'uncollectible':
      return 'written_off';
    case 'open':
      if (!isOutstanding(invoice)) return 'paid';
      if (invoice.amount_paid > 0) return 'part_paid';
      return (invoiceDaysOverdue(invoice, today) ?? 0) > 0 ? 'overdue' : 'due';
  }
}

/** Whole days past the due date of an outstanding invoice; null when it is not late (or settled). */
export function invoiceDaysOverdue(invoice: InvoiceMoney, today: string): number | null {
  if (!isOutstanding(invoice)) return null;
  const days = daysLate(invoice.due_date, today);
  return days !== null && days > 0 ? days : null;
}
