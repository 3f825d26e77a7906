import { describe, expect, it } from 'vitest';

import { formatMajorUnits, formatMoney, toMinorUnits } from './money';

describe('toMinorUnits', () => {
  it.each([
    [500, 'GBP', 50_000],
    [1250.5, 'EUR', 125_050],
    [0.1 + 0.2, 'USD', 30],
    [1500, 'JPY', 1500],
    [1.25, 'BHD', 1250],
  ])('%d %s is %d minor units (the currency’s own digits, not ×100)', (major, currency, minor) => {
    expect(toMinorUnits(major, currency)).toBe(minor);
  });
});

describe('formatMajorUnits', () => {
  it.each([
    [0, 'GBP', '0.00'],
    [5, 'GBP', '0.05'],
    [100, 'GBP', '1.00'],
    [123_450, 'GBP', '1234.50'],
    [-123_450, 'EUR', '-1234.50'],
    [9_007_199_254_740_991, 'GBP', '90071992547409.91'],
    [1500, 'JPY', '1500'],
    [0, 'JPY', '0'],
    [1250, 'BHD', '1.250'],
    [5, 'BHD', '0.005'],
  ])('formats %d minor units of %s as %s', (minor, currency, text) => {
    expect(formatMajorUnits(minor, currency)).toBe(text);
  });
});

describe('formatMoney', () => {
  it.each([
    [123_456, 'GBP', '£1,234.56'],
    [0, 'GBP', '£0.00'],
    [1050, 'EUR', '€10.50'],
    [99, 'usd', 'US$0.99'],
    [-2500, 'GBP', '-£25.00'],
    [1500, 'JPY', 'JP¥1,500'],
    [1250, 'BHD', 'BHD\u00a01.250'],
    // Past 2^53 pence a float division would drift; the digits do not.
    [9_007_199_254_740_991, 'GBP', '£90,071,992,547,409.91'],
  ])('shows %d minor units of %s as %s', (minor, currency, text) => {
    expect(formatMoney(minor, currency)).toBe(text);
  });

  it('defaults to GBP, and shows a malformed code as GBP rather than failing', () => {
    expect(formatMoney(100)).toBe('£1.00');
    expect(formatMoney(100, 'NOPE')).toBe('£1.00');
  });

  it('drops .00 from a whole amount when asked, and only then', () => {
    expect(formatMoney(50_000, 'GBP', { wholeShort: true })).toBe('£500');
    expect(formatMoney(125_050, 'GBP', { wholeShort: true })).toBe('£1,250.50');
    expect(formatMoney(50_000, 'JPY', { wholeShort: true })).toBe('JP¥50,000');
  });
});
