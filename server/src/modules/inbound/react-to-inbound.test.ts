import { describe, expect, it } from 'vitest';

import { publicHolidayTest } from '../../org/public-holidays';
import type { ChasingContext } from '../../org/read-chasing-settings';

import { nextWorkingDayAfter } from './react-to-inbound';

/** An organisation's chasing calendar: Monday to Friday unless told, and the public holidays of `region`. */
function chasingIn(region: string | null, workingDays = [1, 2, 3, 4, 5]): ChasingContext {
  return {
    settings: {
      time_zone: 'Europe/London',
      send_window_start: '09:00',
      send_window_end: '17:00',
      working_days: workingDays,
      holiday_region: region,
      weekly_cap: 2,
      sending_mode: 'sending',
    },
    calendar: { timeZone: 'Europe/London', workingDays, windowStart: '09:00', windowEnd: '17:00', isHoliday: publicHolidayTest(region) },
    senderName: 'Acme Ltd',
    signature: '',
  };
}

describe('nextWorkingDayAfter: when chasing starts again after an out-of-office writer is back', () => {
  const england = chasingIn('GB-ENG');

  it('is the next day on a working day, and the Monday after a Friday, Saturday or Sunday', () => {
    expect(nextWorkingDayAfter('2026-03-04', england)).toBe('2026-03-05'); // Wednesday → Thursday
    expect(nextWorkingDayAfter('2026-03-06', england)).toBe('2026-03-09'); // Friday → Monday
    expect(nextWorkingDayAfter('2026-03-07', england)).toBe('2026-03-09'); // Saturday → Monday
    expect(nextWorkingDayAfter('2026-03-08', england)).toBe('2026-03-09'); // Sunday → Monday
  });

  it('steps over the organisation’s bank holidays, and only where it has a holiday region', () => {
    // The Friday before the Summer bank holiday (Monday 31 August 2026 in England): the Tuesday.
    expect(nextWorkingDayAfter('2026-08-28', england)).toBe('2026-09-01');
    // Maundy Thursday: Good Friday, the weekend and Easter Monday all pass first.
    expect(nextWorkingDayAfter('2026-04-02', england)).toBe('2026-04-07');
    // Christmas Eve 2026: Christmas Day, Boxing Day and its substitute Monday.
    expect(nextWorkingDayAfter('2026-12-24', england)).toBe('2026-12-29');
    // Without a region no day is a holiday: Good Friday is a Friday like another.
    expect(nextWorkingDayAfter('2026-04-02', chasingIn(null))).toBe('2026-04-03');
    expect(nextWorkingDayAfter('2026-08-28', chasingIn(null))).toBe('2026-08-31');
  });

  it('follows the organisation’s own working days', () => {
    // Sunday to Thursday: a writer back on Thursday is chased again on Sunday.
    expect(nextWorkingDayAfter('2026-03-05', chasingIn(null, [7, 1, 2, 3, 4]))).toBe('2026-03-08');
  });
});
