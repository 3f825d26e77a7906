import { describe, expect, it } from 'vitest';

import { settle } from './invoice-settlement';

describe('settle', () => {
  it('an open invoice owes what is not paid', () => {
    expect(settle('open', 10_000, 2_500)).toEqual({ status: 'open', amountPaid: 2_500, amountRemaining: 7_500 });
  });
  it('an open invoice paid in full becomes paid', () => {
    expect(settle('open', 10_000, 10_000)).toEqual({ status: 'paid', amountPaid: 10_000, amountRemaining: 0 });
  });
  it('a zero invoice stays open with nothing to collect', () => {
    expect(settle('open', 0, 0)).toEqual({ status: 'open', amountPaid: 0, amountRemaining: 0 });
  });
  it('paid means paid in full', () => {
    expect(settle('paid', 10_000, 1_000)).toEqual({ status: 'paid', amountPaid: 10_000, amountRemaining: 0 });
  });
  it.each(['void', 'uncollectible'] as const)('%s keeps what was paid and leaves nothing to collect', (status) => {
    expect(settle(status, 10_000, 1_000)).toEqual({ status, amountPaid: 1_000, amountRemaining: 0 });
  });
});
