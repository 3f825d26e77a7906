import { describe, expect, it } from 'vitest';

import { currencyGroupLabel, currencyGroupStarts, currencyOrder, currencyOrderLabel } from './currency-order';

describe('the amount sort’s currencies on screen (decision 0013)', () => {
  it('orders the organisation’s currency first, then the others by code, once each', () => {
    expect(currencyOrder('GBP', ['USD', 'EUR', 'GBP', 'EUR', 'JPY'])).toEqual(['GBP', 'EUR', 'JPY', 'USD']);
    expect(currencyOrder('GBP', ['USD', 'EUR'])).toEqual(['EUR', 'USD']);
  });

  it('labels the chip only when sorted by amount across more than one currency', () => {
    expect(currencyOrderLabel('amount_overdue', 'GBP', ['EUR', 'GBP', 'USD'])).toBe('Currencies: GBP first, then EUR, USD');
    expect(currencyOrderLabel('amount_overdue', 'GBP', ['USD', 'EUR'])).toBe('Currencies: EUR first, then USD');
    expect(currencyOrderLabel('amount_overdue', 'GBP', ['GBP'])).toBeUndefined();
    expect(currencyOrderLabel('name', 'GBP', ['EUR', 'GBP'])).toBeUndefined();
  });

  it('heads each currency on a page that holds any other than the organisation’s, and none otherwise', () => {
    const rows = (...codes: string[]) => codes.map((currency) => ({ currency }));
    expect([...currencyGroupStarts(rows('GBP', 'GBP', 'EUR', 'USD', 'USD'), 'GBP')]).toEqual([0, 2, 3]);
    expect([...currencyGroupStarts(rows('EUR', 'EUR'), 'GBP')]).toEqual([0]);
    expect([...currencyGroupStarts(rows('GBP', 'GBP'), 'GBP')]).toEqual([]);
  });

  it('names a currency, and says which is the organisation’s', () => {
    expect(currencyGroupLabel('EUR', 'GBP')).toBe('Euro (EUR)');
    expect(currencyGroupLabel('GBP', 'GBP')).toMatch(/^British Pound \(GBP\) · organisation’s currency$/i);
  });
});
