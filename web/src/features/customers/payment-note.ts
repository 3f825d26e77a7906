import type { Payment, PaymentAllocation } from '@receivables/contracts';

import { formatMoney } from '../../lib/format';

/**
 * What a row of the payments list is beyond money received, or null when it is just that. A credit
 * note is named, since it took money off its invoice without any arriving (decision 0022); a payment
 * says what of it Stripe refunded, since the invoice stays paid and nothing else on the page shows it.
 */
export function paymentNote(payment: Pick<Payment, 'kind' | 'amount' | 'amount_refunded' | 'currency'>): string | null {
  if (payment.kind === 'credit_note') return 'Credit note';
  if (payment.amount_refunded <= 0) return null;
  return payment.amount_refunded >= payment.amount ? 'Refunded in full' : `Refunded ${formatMoney(payment.amount_refunded, payment.currency)}`;
}

/**
 * Where a payment on account went (decision 0037): "On account: £3,000.00 to INV-1001, £2,000.00
 * to INV-1002; £500.00 held as credit". What its allocations do not add up to is credit still held.
 */
export function onAccountText(amount: number, currency: string, allocations: readonly Pick<PaymentAllocation, 'invoice_number' | 'amount'>[]): string {
  const given = allocations.reduce((sum, a) => sum + a.amount, 0);
  const held = amount - given;
  if (allocations.length === 0) return 'On account, held as credit';
  const parts = allocations.map((a) => `${formatMoney(a.amount, currency)} to ${a.invoice_number}`).join(', ');
  return held > 0 ? `On account: ${parts}; ${formatMoney(held, currency)} held as credit` : `On account: ${parts}`;
}
