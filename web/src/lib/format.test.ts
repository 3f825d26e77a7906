import { describe, expect, it } from 'vitest';

import { formatDateTime, formatLongDate, formatShortDate, possessive } from './format';

describe('formatLongDate', () => {
  it('formats a calendar date without shifting it', () => {
    expect(formatLongDate('2026-11-03')).toBe('3 November 2026');
  });

  it('formats a timestamp', () => {
    expect(formatLongDate('2026-11-03T12:00:00Z')).toBe('3 November 2026');
    expect(formatLongDate(new Date(Date.UTC(2025, 0, 15, 12)))).toBe('15 January 2025');
  });

  it.each([['not a date'], [''], [null], [undefined], ['2026-13-45']])('gives N/A for %s', (value) => {
    expect(formatLongDate(value)).toBe('N/A');
  });
});

describe('formatShortDate', () => {
  it('shows a calendar date with a short month, as written', () => {
    expect(formatShortDate('2026-11-03')).toBe('3 Nov 2026');
    expect(formatShortDate('not a date')).toBe('N/A');
  });
});

describe('formatDateTime', () => {
  it('shows a timestamp with its time, and N/A otherwise', () => {
    expect(formatDateTime('2026-11-03T14:05:00Z')).toMatch(/^\d{1,2} November 2026 at \d{2}:\d{2}$/);
    expect(formatDateTime(null)).toBe('N/A');
    expect(formatDateTime('nope')).toBe('N/A');
  });
});

describe('possessive', () => {
  it('adds ’s to a name, and the apostrophe alone to one ending in s', () => {
    expect(possessive('Acme Widgets Ltd')).toBe('Acme Widgets Ltd’s');
    expect(possessive('Northwind Traders')).toBe('Northwind Traders’');
    expect(possessive('Harbour Lane Bakery ')).toBe('Harbour Lane Bakery’s');
  });
});
