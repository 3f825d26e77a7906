import type { Payment } from '@receivables/contracts';

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
