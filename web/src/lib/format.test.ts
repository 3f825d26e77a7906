import { describe, expect, it } from 'vitest';

import { formatDateTime, formatLongDate, formatMoney, formatShortDate } from './format';

describe('formatMoney', () => {
  it('divides minor units by 100 and defaults to GBP', () => {
    expect(formatMoney(123456)).toBe('£1,234.56');
    expect(formatMoney(0)).toBe('£0.00');
  });

  it('uses the given currency', () => {
    expect(formatMoney(1050, 'EUR')).toBe('€10.50');
    expect(formatMoney(99, 'usd')).toBe('US$0.99');
  });

  it('formats negative amounts', () => {
    expect(formatMoney(-2500)).toBe('-£25.00');
  });

  it('knows currencies without pence', () => {
    expect(formatMoney(1500, 'JPY')).toBe('JP¥1,500');
  });

  it('falls back to GBP for an unknown currency code', () => {
    expect(formatMoney(100, 'NOPE')).toBe('£1.00');
  });
});

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
    expect(formatDateTime('2026-11-03T14:05:00Z')).toMatch(/^\d{1,2} Nov 2026, \d{2}:\d{2}$/);
    expect(formatDateTime(null)).toBe('N/A');
    expect(formatDateTime('nope')).toBe('N/A');
  });
});
