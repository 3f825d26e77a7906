import { describe, expect, it } from 'vitest';

import { dayReceived, findDatesInText } from './dates-in-text';

const days = (text: string, receivedAt: string, timeZone = 'Europe/London') =>
  findDatesInText(text, new Date(receivedAt), timeZone).map((date) => date.lastDay === null ? date.day : `${date.day}..${date.lastDay}`);

describe('findDatesInText', () => {
  it('reads numeric dates day first, as British writers mean them', () => {
    expect(days('returning 03/04', '2025-03-05T10:00:00Z')).toEqual(['2025-04-03']);
  });

  it('counts "today" and weekdays in the organisation\'s zone, not UTC', () => {
    // 23:30 UTC on Sunday 2 March is already Monday 3 March, 12:30, in Auckland.
    expect(days('tomorrow', '2025-03-02T23:30:00Z', 'Pacific/Auckland')).toEqual(['2025-03-04']);
    expect(days('tomorrow', '2025-03-02T23:30:00Z', 'Europe/London')).toEqual(['2025-03-03']);
    expect(days('on Monday', '2025-03-02T23:30:00Z', 'Pacific/Auckland')).toEqual(['2025-03-10']);
    expect(days('on Monday', '2025-03-02T23:30:00Z', 'Europe/London')).toEqual(['2025-03-03']);
    expect(dayReceived(new Date('2025-03-02T23:30:00Z'), 'Pacific/Auckland')).toBe('2025-03-03');
  });

  it('falls back to London for a zone the runtime does not know', () => {
    expect(days('tomorrow', '2025-03-02T23:30:00Z', 'Mars/Olympus_Mons')).toEqual(['2025-03-03']);
  });

  it('puts a date without a year in the coming year across the new year', () => {
    expect(days('3 January', '2025-12-20T10:00:00Z')).toEqual(['2026-01-03']);
    expect(days('3 January', '2025-12-20T10:00:00Z')).toEqual(['2026-01-03']);
  });

  it('keeps a date up to 30 days past in its year (a stale message), an older one goes to next year', () => {
    expect(days('28 February', '2025-03-03T10:00:00Z')).toEqual(['2025-02-28']);
    expect(days('1 February', '2025-03-05T10:00:00Z')).toEqual(['2026-02-01']);
    expect(days('30 December', '2026-01-03T10:00:00Z')).toEqual(['2025-12-30']);
  });

  it('reads "March 14" as the 14th, not March 2014 as en-GB would', () => {
    expect(days('through March 14 with no access', '2025-03-10T15:00:00Z')).toEqual(['2025-03-14']);
    expect(days('until Mar 31', '2025-03-10T15:00:00Z')).toEqual(['2025-03-31']);
  });

  it('reads "the 17th" alone as the next such day', () => {
    expect(days('off until the 17th', '2025-03-10T08:30:00Z')).toEqual(['2025-03-17']);
    expect(days('on the 3rd', '2025-03-10T08:30:00Z')).toEqual(['2025-04-03']);
    expect(days('the 1st of September', '2025-08-18T07:00:00Z')).toEqual(['2025-09-01']);
  });

  it('reads a range by its end: a range running over today stays in this year', () => {
    expect(days('away 1–5 March', '2025-03-03T09:00:00Z')).toEqual(['2025-03-01..2025-03-05']);
    expect(days('from 24/02 until 07/03', '2025-03-03T09:00:00Z')).toEqual(['2025-02-24..2025-03-07']);
  });

  it('marks a whole week by its Monday, and a vague span, and names no day for a month', () => {
    const [week] = findDatesInText('back next week', new Date('2025-07-16T12:00:00Z'), 'Europe/London');
    expect(week).toMatchObject({ text: 'next week', day: '2025-07-21', isWeek: true });
    const [span] = findDatesInText('in the next couple of weeks', new Date('2025-03-05T10:00:00Z'), 'Europe/London');
    expect(span?.isVague).toBe(true);
    expect(days('early next month', '2025-03-05T10:00:00Z')).toEqual([]);
  });
});
