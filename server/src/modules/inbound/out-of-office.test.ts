import { describe, expect, it } from 'vitest';

import { readOutOfOffice } from './out-of-office';

// Wednesday 26 February 2025, mid-morning in London.
const received = new Date('2025-02-26T10:15:00Z');
const read = (text: string, at = received, zone = 'Europe/London', ignore: string[] = []) => readOutOfOffice(text, at, zone, ignore);

describe('readOutOfOffice: the first day back', () => {
  it('takes "until X" as away through X, so back the next calendar day', () => {
    expect(read('I am out of the office until Friday 7 March.')).toMatchObject({ returns_on: '2025-03-08', return_phrase: 'until Friday 7 March' });
    expect(read('On annual leave till 3rd March.').returns_on).toBe('2025-03-04');
    expect(read('I will be away through March 14.').returns_on).toBe('2025-03-15');
  });

  it('takes "back/returning/return on X" as back on X, and prefers it to an "until"', () => {
    expect(read('I am away, back on Monday 3 March.')).toMatchObject({ returns_on: '2025-03-03', return_phrase: 'back on Monday 3 March' });
    expect(read("I'm out of the office returning 03/03.").returns_on).toBe('2025-03-03');
    expect(read('Out through March 7. I will return on Monday, March 10.').returns_on).toBe('2025-03-10');
  });

  it('takes "not back until X" as back on X, and "From X I will be back" as back on X', () => {
    expect(read("I won't be back in the office until Tuesday 4 March.")).toMatchObject({
      returns_on: '2025-03-04',
      return_phrase: "won't be back in the office until Tuesday 4 March",
    });
    expect(read('From 1 April I will be back at my desk.')).toMatchObject({ returns_on: '2025-04-01', return_phrase: 'From 1 April I will be back at my desk' });
  });

  it('takes a range as away through its last day', () => {
    expect(read('I am away from 1 March to 5 March.')).toMatchObject({ returns_on: '2025-03-06', return_phrase: 'from 1 March to 5 March' });
    expect(read('On holiday 1–5 March.').returns_on).toBe('2025-03-06');
  });

  it('does not read a start of leave, an invoice date or a working pattern as a return', () => {
    expect(read('I am on leave from 3 March.').returns_on).toBeNull();
    expect(read('Your email about invoice INV-7, due on 14 February, will be dealt with on my return.').returns_on).toBeNull();
    expect(read('I now work Monday to Wednesday only.').returns_on).toBeNull();
    expect(read('I am out of the office with limited access to email.')).toEqual({ returns_on: null, return_phrase: null, stand_in: null });
  });

  it('reads "next week" as its Monday, and weekdays forward from the day received', () => {
    expect(read('Back next week.').returns_on).toBe('2025-03-03');
    expect(read('Back Monday.').returns_on).toBe('2025-03-03');
    expect(read('Back Wednesday.').returns_on).toBe('2025-03-05');
  });

  it('rolls a date without a year over the new year', () => {
    expect(read("I'm away until 2nd Jan.", new Date('2025-12-19T14:00:00Z')).returns_on).toBe('2026-01-03');
    expect(read('We reopen on 31 December.', new Date('2025-12-19T14:00:00Z')).returns_on).toBe('2025-12-31');
    // Through 31 December means back on New Year's Day, in the next year.
    expect(read('Closed until 31 December.', new Date('2025-12-19T14:00:00Z')).returns_on).toBe('2026-01-01');
  });

  it('reads a stale message in the past rather than a year ahead', () => {
    expect(read('I am out of the office until Friday 28 February.', new Date('2025-03-03T09:00:00Z')).returns_on).toBe('2025-03-01');
  });

  it('counts "tomorrow" in the organisation\'s zone near midnight', () => {
    const lateSunday = new Date('2025-03-02T23:30:00Z');
    expect(read('Back tomorrow.', lateSunday, 'Pacific/Auckland').returns_on).toBe('2025-03-04');
    expect(read('Back tomorrow.', lateSunday, 'Europe/London').returns_on).toBe('2025-03-03');
    expect(read('Back tomorrow.', lateSunday, 'America/Los_Angeles').returns_on).toBe('2025-03-03');
  });
});

describe('readOutOfOffice: the stand-in', () => {
  it('names the first address given, with its name when written beside it', () => {
    expect(read('Away. Please contact Jane Smith at jane@x.test or accounts@x.test.').stand_in).toEqual({ email: 'jane@x.test', name: 'Jane Smith' });
    expect(read('For urgent matters email accounts@x.test').stand_in).toEqual({ email: 'accounts@x.test', name: null });
  });

  it('is never the writer\'s own address nor our reply address', () => {
    const text = 'Your message to reply+abc@in.acme.test was received. Reach me at me@x.test on my return.';
    expect(read(text, received, 'Europe/London', ['me@x.test']).stand_in).toBeNull();
  });
});
