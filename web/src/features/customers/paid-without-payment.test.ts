import { describe, expect, it } from 'vitest';

import { type PaidWithoutPayment, paidWithoutPaymentNote, paidWithoutPaymentSentences, paidWithoutPayments } from './paid-without-payment';

const inv = (id: string, amountPaid: number, source: 'csv' | 'stripe' | 'api' = 'csv', remaining = 0) => ({
  id,
  number: `INV-${id}`,
  source,
  currency: 'GBP',
  amount_paid: amountPaid,
  amount_remaining: remaining,
});
const pay = (amount: number, invoiceId: string | null, allocations: { invoice_id: string; amount: number }[] = [], kind: 'payment' | 'credit_note' = 'payment') => ({
  invoice_id: invoiceId,
  amount,
  kind,
  allocations: allocations.map((a) => ({ ...a, invoice_number: `INV-${a.invoice_id}` })),
});

describe('paidWithoutPayments', () => {
  it('finds the paid money no payment gave, against the invoice or on account; a credit note gives none', () => {
    const gaps = paidWithoutPayments(
      [inv('1', 10_000), inv('2', 5_000), inv('3', 3_000), inv('4', 0), inv('5', 2_000)],
      [pay(10_000, '1'), pay(4_000, null, [{ invoice_id: '2', amount: 4_000 }]), pay(2_000, '5', [], 'credit_note')],
      true,
    );
    expect(gaps.map((g) => [g.invoice.id, g.amount])).toEqual([['2', 1_000], ['3', 3_000], ['5', 2_000]]);
  });

  it('claims nothing while some payments are off the list', () => {
    expect(paidWithoutPayments([inv('1', 10_000)], [], false)).toEqual([]);
  });
});

describe('the words', () => {
  const gap = (id: string, amount: number, paid = amount, source: 'csv' | 'stripe' | 'api' = 'csv'): PaidWithoutPayment => ({ invoice: inv(id, paid, source), amount });

  it('says on the Payments card who marked which invoices paid, and how much that is', () => {
    expect(paidWithoutPaymentSentences([gap('1', 120_000)])).toEqual(['INV-1 was marked paid by an import: £1,200.00 with no payment recorded here.']);
    expect(paidWithoutPaymentSentences([gap('1', 100), gap('2', 200), gap('3', 300), gap('4', 400), gap('5', 500), gap('9', 900, 900, 'stripe')])).toEqual([
      'INV-1, INV-2, INV-3 and 2 more were marked paid by an import: £15.00 with no payment recorded here.',
      'INV-9 was marked paid in Stripe: £9.00 with no payment recorded here.',
    ]);
    expect(paidWithoutPaymentSentences([gap('1', 100, 100, 'api'), gap('2', 200, 200, 'api')])).toEqual([
      'INV-1 and INV-2 were marked paid by a connected system: £3.00 with no payment recorded here.',
    ]);
  });

  it('says under an invoice’s status what of its paid money came that way', () => {
    expect(paidWithoutPaymentNote(gap('1', 10_000))).toBe('Marked paid by an import');
    expect(paidWithoutPaymentNote(gap('1', 2_500, 10_000, 'stripe'))).toBe('£25.00 marked paid in Stripe');
    expect(paidWithoutPaymentNote({ invoice: inv('2', 15_000, 'api', 25_000), amount: 15_000 })).toBe('£150.00 marked paid by a connected system');
  });
});
