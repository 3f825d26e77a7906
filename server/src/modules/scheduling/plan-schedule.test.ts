import { MS_PER_DAY } from '@receivables/contracts';
import { describe, expect, it } from 'vitest';

import { publicHolidayTest } from '../../org/public-holidays';
import type { SendCalendar } from '../../org/send-calendar';

import { type PlanAction, planSchedule } from './plan-schedule';

/** The wall clock in a zone, read by Intl rather than by the code under test. */
function wallClock(at: Date, timeZone: string): { day: string; time: string; weekday: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', weekday: 'short', hourCycle: 'h23' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}`, weekday: weekdays.indexOf(String(parts.weekday)) + 1 };
}

const actions: PlanAction[] = [
  { id: 'a1', standing: 'single_missed', delayDays: 0, position: 0 },
  { id: 'a2', standing: 'single_missed', delayDays: 1, position: 1 },
  { id: 'a3', standing: 'single_missed', delayDays: 2, position: 2 },
  { id: 'a4', standing: 'single_missed', delayDays: 7, position: 3 },
  { id: 'a5', standing: 'single_missed', delayDays: 14, position: 4 },
  { id: 'm1', standing: 'multiple_missed', delayDays: 3, position: 0 },
];

const calendar = (over: Partial<SendCalendar> = {}): SendCalendar => ({
  timeZone: 'Europe/London',
  workingDays: [1, 2, 3, 4, 5],
  windowStart: '09:00',
  windowEnd: '17:00',
  isHoliday: () => false,
  ...over,
});

describe('planSchedule', () => {
  it('keeps every step on a working day, inside the window, off holidays and within the cap — across zones, clocks, holidays and DST changes', () => {
    const zones: [string, string][] = [
      ['Europe/London', 'GB-ENG'],
      ['America/New_York', 'US'],
      ['Pacific/Auckland', 'NZ'],
      ['Asia/Kolkata', 'IN'],
    ];
    // Around each zone's clock changes, Christmas, and an ordinary week; at odd hours.
    const nows = ['2026-03-27T16:59:00Z', '2026-03-07T23:30:00Z', '2026-04-03T21:00:00Z', '2026-10-23T12:00:00Z', '2026-12-23T18:00:00Z', '2026-06-10T08:59:00Z'];
    const windows: [string, string][] = [
      ['09:00', '17:00'],
      ['01:30', '03:00'], // spans the hour a spring-forward skips
      ['13:00', '13:30'],
    ];
    let checked = 0;
    for (const [timeZone, region] of zones) {
      const isHoliday = publicHolidayTest(region);
      for (const now of nows) {
        for (const [windowStart, windowEnd] of windows) {
          for (const weeklyCap of [1, 2, 3]) {
            // Clocks change on Sundays: the night window works every day, so it meets the skipped hour.
            const workingDays = windowStart === '01:30' ? [1, 2, 3, 4, 5, 6, 7] : [1, 2, 3, 4, 5];
            const cal = calendar({ timeZone, windowStart, windowEnd, isHoliday, workingDays });
            const at = new Date(now);
            const steps = planSchedule({
              now: at,
              standing: 'single_missed',
              // The first step is due today: each later one has its own day to come.
              anchorDay: wallClock(at, timeZone).day,
              actions,
              calendar: cal,
              weeklyCap,
              otherReminders: [new Date(at.getTime() - 2 * MS_PER_DAY)],
              doneActionIds: new Set(),
            });
            expect(steps.map((s) => s.actionId)).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
            const sends = [at.getTime() - 2 * MS_PER_DAY, ...steps.map((s) => s.sendAt.getTime())];
            for (const step of steps) {
              const clock = wallClock(step.sendAt, timeZone);
              expect(step.sendAt.getTime()).toBeGreaterThanOrEqual(at.getTime());
              expect(workingDays).toContain(clock.weekday);
              expect(isHoliday(clock.day)).toBe(false);
              expect(clock.time >= windowStart && clock.time < windowEnd).toBe(true);
              expect(clock.day >= step.dueDay).toBe(true);
              const t = step.sendAt.getTime();
              const inWeek = (start: number) => sends.filter((x) => x >= start && x < start + 7 * MS_PER_DAY).length;
              expect(sends.filter((x) => x <= t && x > t - 7 * MS_PER_DAY).every((start) => inWeek(start) <= weeklyCap)).toBe(true);
              checked++;
            }
            const times = steps.map((s) => s.sendAt.getTime());
            expect([...times].sort((a, b) => a - b)).toEqual(times);
            // Steps meant for different days go on different days (decision 0036).
            const days = steps.map((s) => wallClock(s.sendAt, timeZone).day);
            expect(new Set(days).size).toBe(days.length);
            expect(steps.some((s) => s.skipped)).toBe(false);
          }
        }
      }
    }
    expect(checked).toBe(4 * 6 * 3 * 3 * 5);
  });

  it('skips Christmas and Boxing Day in England and says why', () => {
    const steps = planSchedule({
      now: new Date('2026-12-24T17:30:00Z'),
      standing: 'single_missed',
      anchorDay: '2026-12-24',
      actions: [{ id: 'a', standing: 'single_missed', delayDays: 0, position: 0 }],
      calendar: calendar({ isHoliday: publicHolidayTest('GB-ENG') }),
      weeklyCap: 2,
      otherReminders: [],
      doneActionIds: new Set(),
    });
    // Thursday 24th after hours; 25th, 26th (Sat), 27th (Sun), 28th (substitute Boxing Day) are out.
    expect(steps[0]?.sendAt.toISOString()).toBe('2026-12-29T09:00:00.000Z');
    expect(steps[0]?.deferred).toEqual(expect.arrayContaining(['outside_send_window', 'public_holiday', 'not_a_working_day']));
  });

  it('defers, never drops, what the weekly cap has no room for', () => {
    const steps = planSchedule({
      now: new Date('2026-06-01T08:00:00Z'), // a Monday, 09:00 in London
      standing: 'single_missed',
      anchorDay: '2026-06-01',
      actions: actions.slice(0, 3),
      calendar: calendar(),
      weeklyCap: 2,
      otherReminders: [],
      doneActionIds: new Set(),
    });
    expect(steps.map((s) => s.sendAt.toISOString())).toEqual(['2026-06-01T08:00:00.000Z', '2026-06-02T08:00:00.000Z', '2026-06-08T08:00:00.000Z']);
    expect(steps[2]?.deferred).toContain('weekly_cap');
  });

  it('follows the wall clock across a DST change: 09:00 London is 08:00 UTC in summer, 09:00 UTC in winter', () => {
    const plan = (now: string, anchorDay: string) =>
      planSchedule({
        now: new Date(now),
        standing: 'multiple_missed',
        anchorDay,
        actions,
        calendar: calendar(),
        weeklyCap: 2,
        otherReminders: [],
        doneActionIds: new Set(),
      })[0]?.sendAt.toISOString();
    // Due on Friday 23 October 2026; +3 days is Monday 26th, after the clocks went back.
    expect(plan('2026-10-23T17:00:00Z', '2026-10-23')).toBe('2026-10-26T09:00:00.000Z');
    expect(plan('2026-03-26T18:00:00Z', '2026-03-27')).toBe('2026-03-30T08:00:00.000Z');
  });

  it('plans nothing paused or with no due date to count from, and nothing already done in this chase', () => {
    const base = { now: new Date('2026-06-01T08:00:00Z'), anchorDay: '2026-06-01', actions, calendar: calendar(), weeklyCap: 2, otherReminders: [] };
    expect(planSchedule({ ...base, standing: 'in_good_standing', doneActionIds: new Set() })).toEqual([]);
    expect(planSchedule({ ...base, standing: 'paused', doneActionIds: new Set() })).toEqual([]);
    expect(planSchedule({ ...base, standing: 'single_missed', anchorDay: null, doneActionIds: new Set() })).toEqual([]);
    expect(planSchedule({ ...base, standing: 'single_missed', doneActionIds: new Set(['a1', 'a2']) }).map((s) => s.actionId)).toEqual(['a3', 'a4', 'a5']);
  });

  it('starts a customer that reaches the workflow late at the step its lateness calls for: the latest step due goes, the earlier are skipped', () => {
    const steps = planSchedule({
      now: new Date('2026-06-10T08:00:00Z'), // a Wednesday, nine days after the due date
      standing: 'single_missed',
      anchorDay: '2026-06-01',
      actions,
      calendar: calendar(),
      weeklyCap: 5,
      otherReminders: [],
      doneActionIds: new Set(),
    });
    expect(steps.map((s) => [s.actionId, s.skipped, s.skipped ? null : s.sendAt.toISOString()])).toEqual([
      ['a1', true, null],
      ['a2', true, null],
      ['a3', true, null],
      ['a4', false, '2026-06-10T08:00:00.000Z'],
      ['a5', false, '2026-06-15T08:00:00.000Z'],
    ]);
  });

  it('never skips a step already planned, and never goes back below the level a chase reached', () => {
    const base = {
      now: new Date('2026-06-10T08:00:00Z'),
      standing: 'single_missed' as const,
      anchorDay: '2026-06-01',
      actions,
      calendar: calendar(),
      weeklyCap: 5,
      otherReminders: [],
      doneActionIds: new Set<string>(),
    };
    // a2 was planned (the cap deferred it): it stays; a4, the latest due, goes after it.
    const planned = planSchedule({ ...base, plannedActionIds: new Set(['a2']) });
    expect(planned.map((s) => [s.actionId, s.skipped])).toEqual([
      ['a1', true],
      ['a2', false],
      ['a3', true],
      ['a4', false],
      ['a5', false],
    ]);
    // The chase already sent a4 (say in the other standing, before a payment): nothing before it
    // goes, however its days fall; the next is a5.
    const reached = planSchedule({ ...base, now: new Date('2026-06-02T08:00:00Z'), doneActionIds: new Set(['a4']) });
    expect(reached.map((s) => [s.actionId, s.skipped])).toEqual([
      ['a1', true],
      ['a2', true],
      ['a3', true],
      ['a5', false],
    ]);
  });

  it('sends reminders before a due date on their working day, counting back from it', () => {
    const before: PlanAction[] = [
      { id: 'g7', standing: 'in_good_standing', delayDays: -7, position: 0 },
      { id: 'g3', standing: 'in_good_standing', delayDays: -3, position: 1 },
      ...actions,
    ];
    const plan = (anchorDay: string) =>
      planSchedule({
        now: new Date('2026-06-03T10:00:00Z'), // Wednesday
        standing: 'in_good_standing',
        anchorDay,
        actions: before,
        calendar: calendar(),
        weeklyCap: 2,
        otherReminders: [],
        doneActionIds: new Set(),
      }).map((s) => [s.actionId, s.dueDay, s.sendAt.toISOString(), s.skipped]);
    // Due Monday 15th: -7 is Monday 8th, -3 Friday 12th. Only the good-standing steps apply.
    expect(plan('2026-06-15')).toEqual([
      ['g7', '2026-06-08', '2026-06-08T08:00:00.000Z', false],
      ['g3', '2026-06-12', '2026-06-12T08:00:00.000Z', false],
    ]);
    // Due Sunday 7th, the invoice made on Wednesday 3rd: -7 (31 May) had its time already, and as
    // the latest step due it goes at once; -3 falls on Thursday 4th.
    expect(plan('2026-06-07')).toEqual([
      ['g7', '2026-05-31', '2026-06-03T10:00:00.000Z', false],
      ['g3', '2026-06-04', '2026-06-04T08:00:00.000Z', false],
    ]);
  });

  it('keeps steps meant for different days apart when holidays push them together', () => {
    const steps = planSchedule({
      now: new Date('2026-12-24T17:30:00Z'),
      standing: 'single_missed',
      anchorDay: '2026-12-24',
      actions: [
        { id: 'a', standing: 'single_missed', delayDays: 0, position: 0 },
        { id: 'b', standing: 'single_missed', delayDays: 1, position: 1 },
      ],
      calendar: calendar({ isHoliday: publicHolidayTest('GB-ENG') }),
      weeklyCap: 2,
      otherReminders: [],
      doneActionIds: new Set(),
    });
    // Both would go on the 29th, a minute apart; the second goes the next working day.
    expect(steps.map((s) => s.sendAt.toISOString())).toEqual(['2026-12-29T09:00:00.000Z', '2026-12-30T09:00:00.000Z']);
    // Planned again after the first went out, the second is where it was.
    const again = planSchedule({
      now: new Date('2026-12-29T12:00:00Z'),
      standing: 'single_missed',
      anchorDay: '2026-12-24',
      actions: [
        { id: 'a', standing: 'single_missed', delayDays: 0, position: 0 },
        { id: 'b', standing: 'single_missed', delayDays: 1, position: 1 },
      ],
      calendar: calendar({ isHoliday: publicHolidayTest('GB-ENG') }),
      weeklyCap: 2,
      otherReminders: [new Date('2026-12-29T09:00:00Z')],
      doneActionIds: new Set(['a']),
      plannedActionIds: new Set(['b']),
      lastOut: new Date('2026-12-29T09:00:00Z'),
      lastOutDueDay: '2026-12-24',
    });
    expect(again.map((s) => s.sendAt.toISOString())).toEqual(['2026-12-30T09:00:00.000Z']);
  });

  it('gives a step that will not go out (skipped, or no one to write to) no room under the cap', () => {
    const base = {
      now: new Date('2026-06-01T08:00:00Z'), // a Monday, 09:00 in London
      standing: 'single_missed' as const,
      anchorDay: '2026-06-01',
      actions: actions.slice(0, 3),
      calendar: calendar(),
      weeklyCap: 2,
      otherReminders: [],
      doneActionIds: new Set<string>(),
    };
    const sendable = planSchedule(base).map((s) => s.sendAt.toISOString());
    expect(sendable).toEqual(['2026-06-01T08:00:00.000Z', '2026-06-02T08:00:00.000Z', '2026-06-08T08:00:00.000Z']);
    // Without a contact for a1, a2 and a3 fit in the week: a3 goes on its own due day.
    const withoutA1 = planSchedule({ ...base, unsendableActionIds: new Set(['a1']) }).map((s) => s.sendAt.toISOString());
    expect(withoutA1).toEqual(['2026-06-01T08:00:00.000Z', '2026-06-02T08:00:00.000Z', '2026-06-03T08:00:00.000Z']);
  });

  it('places the next step after the chase\'s last email out, as when they were planned together', () => {
    const base = {
      now: new Date('2026-06-01T08:00:00Z'), // a Monday, 09:00 in London
      standing: 'single_missed' as const,
      anchorDay: '2026-06-01',
      actions: actions.slice(0, 2),
      calendar: calendar(),
      weeklyCap: 5,
      otherReminders: [],
      doneActionIds: new Set<string>(),
    };
    const together = planSchedule({ ...base, actions: [{ id: 'x', standing: 'single_missed', delayDays: 0, position: 0 }, ...base.actions] });
    expect(together.map((s) => [s.sendAt.toISOString(), s.skipped])).toEqual([
      ['2026-06-01T08:00:00.000Z', true],
      ['2026-06-01T08:00:00.000Z', false],
      ['2026-06-02T08:00:00.000Z', false],
    ]);
    const afterFirst = planSchedule({ ...base, otherReminders: [base.now], lastOut: base.now, lastOutDueDay: '2026-06-01', plannedActionIds: new Set(['a1']) });
    expect(afterFirst.map((s) => s.sendAt.toISOString())).toEqual(['2026-06-01T08:01:00.000Z', '2026-06-02T08:00:00.000Z']);
  });

  describe('with Stripe retrying the card (decision 0023)', () => {
    const base = {
      now: new Date('2026-06-01T08:00:00Z'), // a Monday, 09:00 in London
      standing: 'single_missed' as const,
      anchorDay: '2026-06-01',
      actions: actions.slice(0, 4),
      calendar: calendar(),
      weeklyCap: 5,
      otherReminders: [],
      doneActionIds: new Set<string>(),
    };

    it('holds every step past the next try, saying why, and catches up to the step due when the hold ends', () => {
      // Stripe tries again on Thursday at 10:00 UTC; the hold ends an hour later (11:00 UTC, 12:00 in London).
      const held = planSchedule({ ...base, paymentRetries: { from: new Date('2026-06-04T11:00:00Z'), holding: true } });
      expect(held.filter((s) => !s.skipped).map((s) => [s.actionId, s.dueDay, s.sendAt.toISOString(), s.deferred])).toEqual([
        ['a3', '2026-06-03', '2026-06-04T11:00:00.000Z', ['payment_retry']],
        ['a4', '2026-06-08', '2026-06-08T08:00:00.000Z', ['payment_retry']],
      ]);
      expect(held.filter((s) => s.skipped).map((s) => s.actionId)).toEqual(['a1', 'a2']);
    });

    it('sends one step, not a burst, when retries that ended let chasing start', () => {
      const ended = planSchedule({ ...base, now: new Date('2026-06-05T08:00:00Z'), paymentRetries: { from: new Date('2026-06-04T15:00:00Z'), holding: false } });
      expect(ended.filter((s) => !s.skipped).map((s) => [s.actionId, s.sendAt.toISOString()])).toEqual([
        ['a3', '2026-06-05T08:00:00.000Z'],
        ['a4', '2026-06-08T08:00:00.000Z'],
      ]);
    });

    it('leaves a notice a quiet day: no step before it ends', () => {
      const quiet = planSchedule({ ...base, actions: actions.slice(0, 3), quietUntil: new Date('2026-06-02T08:30:00Z') });
      // The day the customer is reached is the 2nd: a2 (due then) goes; a1 was due before it.
      expect(quiet.map((s) => [s.actionId, s.skipped, s.sendAt.toISOString()])).toEqual([
        ['a1', true, '2026-06-02T08:30:00.000Z'],
        ['a2', false, '2026-06-02T08:30:00.000Z'],
        ['a3', false, '2026-06-03T08:00:00.000Z'],
      ]);
    });
  });
});
