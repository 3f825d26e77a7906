import { describe, expect, it } from 'vitest';

import { paymentNote } from './payment-note';

const received = { kind: 'payment', amount: 5000, amount_refunded: 0, currency: 'GBP' } as const;

describe('paymentNote', () => {
  it('says nothing of money received and kept', () => {
    expect(paymentNote(received)).toBeNull();
  });

  it('names a credit note, which is not money received', () => {
    expect(paymentNote({ ...received, kind: 'credit_note' })).toBe('Credit note');
  });

  it('says how much of a payment was refunded, or that all of it was', () => {
    expect(paymentNote({ ...received, amount_refunded: 1200 })).toBe('Refunded £12.00');
    expect(paymentNote({ ...received, amount: 250000, amount_refunded: 123456, currency: 'EUR' })).toBe('Refunded €1,234.56');
    expect(paymentNote({ ...received, amount_refunded: 5000 })).toBe('Refunded in full');
  });
});
