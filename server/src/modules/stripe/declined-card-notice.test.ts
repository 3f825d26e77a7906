import { describe, expect, it } from 'vitest';

import { declinedCardLetter, isHardDecline } from './declined-card-notice';

describe('a declined card', () => {
  it('is declined for good when the card cannot be charged again; a soft decline is Stripe’s to retry', () => {
    const error = (fields: { code?: string; declineCode?: string; adviceCode?: string }) => ({
      code: fields.code ?? 'card_declined',
      declineCode: fields.declineCode ?? null,
      adviceCode: fields.adviceCode ?? null,
    });
    expect(isHardDecline(error({ declineCode: 'stolen_card' }))).toBe(true);
    expect(isHardDecline(error({ code: 'expired_card' }))).toBe(true);
    expect(isHardDecline(error({ declineCode: 'generic_decline', adviceCode: 'do_not_try_again' }))).toBe(true);
    expect(isHardDecline(error({ declineCode: 'insufficient_funds' }))).toBe(false);
    expect(isHardDecline(error({ declineCode: 'do_not_honor', adviceCode: 'try_again_later' }))).toBe(false);
    expect(isHardDecline(null)).toBe(false);
  });

  it('the notice names the invoice, the amount and the link, and escapes what the customer’s name carries', () => {
    const letter = declinedCardLetter(
      { to: { name: 'Pat <b>Payer</b>', email: 'pat@payer.example' }, number: 'INV-7', dueDate: '2026-01-05', amountRemaining: 72_500, currency: 'GBP', paymentUrl: 'https://pay.example/i/7?a=1&b=2' },
      { senderName: 'Acme Accounts', signature: 'Acme Accounts\nLedger team' },
    );
    expect(letter.subject).toBe('Your card payment for invoice INV-7 was declined');
    expect(letter.html).toContain('Dear Pat &lt;b&gt;Payer&lt;/b&gt;,');
    expect(letter.html).toContain('href="https://pay.example/i/7?a=1&amp;b=2"');
    expect(letter.text).toContain('£725.00');
    expect(letter.text).toContain('5 January 2026');
    expect(letter.text).toContain('Ledger team');
  });
});
