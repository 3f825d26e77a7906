import { describe, expect, it } from 'vitest';

import { daysLate, todayIn } from './days-late';

describe('daysLate', () => {
  it('counts whole calendar days from the due date', () => {
    expect(daysLate('2024-05-01', '2024-05-11')).toBe(10);
    expect(daysLate('2024-05-01', '2024-05-01')).toBe(0);
    expect(daysLate('2024-05-11', '2024-05-01')).toBe(-10);
  });

  it('is not shifted by daylight saving or by a time part', () => {
    expect(daysLate('2024-03-30', '2024-04-01')).toBe(2);
    expect(daysLate('2024-10-26', '2024-10-28')).toBe(2);
    expect(daysLate('2024-05-01T23:00:00Z', '2024-05-02T01:00:00Z')).toBe(1);
  });

  it('is null without a valid due date', () => {
    expect(daysLate(null, '2024-05-01')).toBeNull();
    expect(daysLate(undefined, '2024-05-01')).toBeNull();
    expect(daysLate('not a date', '2024-05-01')).toBeNull();
  });

  it('knows today in a time zone', () => {
    const instant = new Date('2024-06-30T23:30:00Z');
    expect(todayIn('Europe/London', instant)).toBe('2024-07-01');
    expect(todayIn('UTC', instant)).toBe('2024-06-30');
  });
});
