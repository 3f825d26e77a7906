import { describe, expect, it } from 'vitest';

import { addDays, daysLate, DEFAULT_TIME_ZONE, isTimeZone, organisationToday } from './org-today';

describe('organisationToday', () => {
  it('is the calendar date in the organisation’s zone, across the date line', () => {
    // 23:30 UTC is already tomorrow in Auckland (UTC+12) and still today in Los Angeles.
    const lateEvening = new Date('2026-06-30T23:30:00Z');
    expect(organisationToday('Pacific/Auckland', lateEvening)).toBe('2026-07-01');
    expect(organisationToday('UTC', lateEvening)).toBe('2026-06-30');
    expect(organisationToday('America/Los_Angeles', lateEvening)).toBe('2026-06-30');
    // Early morning in UTC is still yesterday west of Greenwich.
    expect(organisationToday('America/Los_Angeles', new Date('2026-07-01T06:59:00Z'))).toBe('2026-06-30');
    expect(organisationToday('America/Los_Angeles', new Date('2026-07-01T07:00:00Z'))).toBe('2026-07-01');
  });

  it('follows London’s summer time: 23:30 UTC in July is 00:30 the next day, in January it is not', () => {
    expect(organisationToday('Europe/London', new Date('2026-07-14T23:30:00Z'))).toBe('2026-07-15');
    expect(organisationToday('Europe/London', new Date('2026-01-14T23:30:00Z'))).toBe('2026-01-14');
  });

  it('falls back to the default zone for a zone the runtime does not know', () => {
    const instant = new Date('2026-07-14T23:30:00Z');
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('Pacific/Auckland')).toBe(true);
    expect(organisationToday('Mars/Olympus_Mons', instant)).toBe(organisationToday(DEFAULT_TIME_ZONE, instant));
  });
});

describe('addDays', () => {
  it('moves by calendar days, across months, leap days and clock changes', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-10-24', 2)).toBe('2026-10-26');
    expect(addDays('2026-05-10', 0)).toBe('2026-05-10');
  });
});

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
});

describe('calendar dates', () => {
  it('refuses what is not a real date', () => {
    expect(daysLate('2026-02-30', '2026-03-01')).toBeNull();
    expect(daysLate('2026-13-01', '2026-03-01')).toBeNull();
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
  });

  it('agrees with the zone’s own clock on every hour of a year with two clock changes', () => {
    const start = Date.UTC(2026, 0, 1);
    // toLocaleString's own formatter, made once: building one per hour made this test slow enough to time out on a busy machine.
    const newYork = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' });
    for (let hour = 0; hour < 366 * 24; hour += 1) {
      const at = new Date(start + hour * 3_600_000);
      const local = new Date(newYork.format(at));
      const expected = `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')}`;
      expect(organisationToday('America/New_York', at)).toBe(expected);
    }
  });
});
