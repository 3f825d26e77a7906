import type { DataSource, Invoice, Payment } from '@receivables/contracts';

import { formatMoney } from '../../lib/format';

/**
 * Money an invoice counts as paid that no payment on the Payments card accounts for (decision
 * 0042): an import, Stripe (a payment older than its sync window, or paid outside it) or another
 * system through the API said the invoice was paid, and brought no payment with it.
 */
export interface PaidWithoutPayment {
  invoice: Pick<Invoice, 'id' | 'number' | 'source' | 'currency' | 'amount_paid' | 'amount_remaining'>;
  amount: number;
}

/** Who said the invoice was paid, as the end of "marked paid …". */
export const MARKED_PAID_BY: Record<DataSource, string> = {
  csv: 'by an import',
  stripe: 'in Stripe',
  api: 'by a connected system',
};

type InvoiceMoney = PaidWithoutPayment['invoice'];
type PaymentMoney = Pick<Payment, 'invoice_id' | 'amount' | 'kind' | 'allocations'>;

/**
 * Each invoice's paid money beyond what the listed payments gave it, against it or on account.
 * A credit note is left out: it takes money off an invoice without paying it (decision 0022).
 * Only when every payment is listed (`complete`): otherwise an older payment off the list would
 * look missing, and the page would say something untrue.
 */
export function paidWithoutPayments(
  invoices: readonly InvoiceMoney[],
  payments: readonly PaymentMoney[],
  complete: boolean,
): PaidWithoutPayment[] {
  if (!complete) return [];
  const given = new Map<string, number>();
  const give = (invoiceId: string, amount: number) => given.set(invoiceId, (given.get(invoiceId) ?? 0) + amount);
  for (const payment of payments) {
    if (payment.kind !== 'payment') continue;
    if (payment.invoice_id) give(payment.invoice_id, payment.amount);
    for (const part of payment.allocations) give(part.invoice_id, part.amount);
  }
  return invoices.flatMap((invoice) => {
    const amount = invoice.amount_paid - (given.get(invoice.id) ?? 0);
    return amount > 0 ? [{ invoice, amount }] : [];
  });
}

/** "INV-1", "INV-1 and INV-2", "INV-1, INV-2, INV-3 and 2 more". */
function listNumbers(numbers: readonly string[]): string {
  if (numbers.length === 1) return numbers[0] ?? '';
  const shown = numbers.slice(0, 3);
  const rest = numbers.length - shown.length;
  if (rest > 0) return `${shown.join(', ')} and ${rest} more`;
  return `${shown.slice(0, -1).join(', ')} and ${shown.at(-1) ?? ''}`;
}

/**
 * What the Payments card says of them, one sentence for each source: "INV-1001 and INV-1002 were
 * marked paid by an import: £2,400.00 with no payment recorded here."
 */
export function paidWithoutPaymentSentences(gaps: readonly PaidWithoutPayment[]): string[] {
  const sources = [...new Set(gaps.map((g) => g.invoice.source))];
  return sources.map((source) => {
    const mine = gaps.filter((g) => g.invoice.source === source);
    const total = mine.reduce((sum, g) => sum + g.amount, 0);
    const currency = mine[0]?.invoice.currency ?? 'GBP';
    const verb = mine.length === 1 ? 'was' : 'were';
    return `${listNumbers(mine.map((g) => g.invoice.number))} ${verb} marked paid ${MARKED_PAID_BY[source]}: ${formatMoney(total, currency)} with no payment recorded here.`;
  });
}

/**
 * Under an invoice's status, short enough for its narrow column: who marked it paid ("Marked paid
 * by an import"); the Payments card says the rest, that no payment is recorded for it.
 */
export function paidWithoutPaymentNote(gap: PaidWithoutPayment): string {
  const by = MARKED_PAID_BY[gap.invoice.source];
  // Paid in full that way: "Marked paid"; part of it, or part-paid: how much.
  return gap.amount >= gap.invoice.amount_paid && gap.invoice.amount_remaining === 0
    ? `Marked paid ${by}`
    : `${formatMoney(gap.amount, gap.invoice.currency)} marked paid ${by}`;
}
