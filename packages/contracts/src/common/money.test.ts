import { describe, expect, it } from 'vitest';

import { formatMajorUnits, toMinorUnits } from './money';

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
