import type { InvoiceStatus } from '@receivables/contracts';

export interface Settlement {
  status: InvoiceStatus;
  amountPaid: number;
  amountRemaining: number;
}

/**
 * The money state an invoice ends in: `paid` means paid in full; `void` and `uncollectible`
 * leave nothing to collect; an `open` invoice owes what is not paid, and one paid in full
 * (with something to pay) is `paid`.
 */
export function settle(status: InvoiceStatus, amountDue: number, amountPaid: number): Settlement {
  switch (status) {
    case 'paid':
      return { status, amountPaid: amountDue, amountRemaining: 0 };
    case 'void':
    case 'uncollectible':
      return { status, amountPaid, amountRemaining: 0 };
    case 'open': {
      const remaining = Math.max(amountDue - amountPaid, 0);
      return { status: remaining === 0 && amountDue > 0 ? 'paid' : 'open', amountPaid, amountRemaining: remaining };
    }
  }
}
