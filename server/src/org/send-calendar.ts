import { TZDate } from '@date-fns/tz';
import { addDays, organisationToday } from '@receivables/contracts';

/** When an organisation lets reminders leave (docs/domain.md#workflows-and-templates). */
export interface SendCalendar {
  timeZone: string;
  /** ISO weekdays (1 = Monday … 7 = Sunday) on which email may go out. */
  workingDays: readonly number[];
  /** Local wall-clock times, "HH:MM", start inclusive, end exclusive. */
  windowStart: string;
  windowEnd: string;
  isHoliday: (day: string) => boolean;
}

/** Why a step goes out later than its due day: each reason a day or a time was skipped. */
export type DeferReason = 'not_a_working_day' | 'public_holiday' | 'outside_send_window' | 'weekly_cap' | 'payment_retry';

/**
 * Zone arithmetic is most of a scheduling pass's time, and every customer of an organisation asks
 * for the same few days' window edges: the answers are kept (a pure function of its three strings).
 */
const instants = new Map<string, number>();
const INSTANTS_KEPT = 50_000;

/** The instant of wall-clock `time` ("HH:MM") on calendar `day` in `timeZone`; DST-safe (a skipped hour moves forward). */
export function localInstant(day: string, time: string, timeZone: string): Date {
  const key = `${day} ${time} ${timeZone}`;
  let at = instants.get(key);
  if (at === undefined) {
    const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
    const [hh = 0, mm = 0] = time.split(':').map(Number);
    at = new TZDate(y, m - 1, d, hh, mm, timeZone).getTime();
    if (instants.size >= INSTANTS_KEPT) instants.clear();
    instants.set(key, at);
  }
  return new Date(at);
}

/** ISO weekday of a calendar date: 1 = Monday … 7 = Sunday. */
export function isoWeekday(day: string): number {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/** Why `day` cannot carry a send at all, or null when it can. */
export function dayRefusal(day: string, calendar: SendCalendar): DeferReason | null {
  if (!calendar.workingDays.includes(isoWeekday(day))) return 'not_a_working_day';
  if (calendar.isHoliday(day)) return 'public_holiday';
  return null;
}

/**
 * The first instant at or after `from` inside the send window of a working day that is not a
 * holiday, with the reasons it had to move. Gives up after a year (a calendar with no working
 * day at all is refused when it is saved, so that is never reached in practice).
 */
export function nextSendSlot(from: Date, calendar: SendCalendar): { at: Date; deferred: DeferReason[] } {
  const deferred = new Set<DeferReason>();
  let day = organisationToday(calendar.timeZone, from);
  for (let i = 0; i < 366; i++, day = addDays(day, 1)) {
    const refusal = dayRefusal(day, calendar);
    if (refusal) {
      deferred.add(refusal);
      continue;
    }
    const start = localInstant(day, calendar.windowStart, calendar.timeZone);
    const end = localInstant(day, calendar.windowEnd, calendar.timeZone);
    if (from < start) return { at: start, deferred: [...deferred] };
    if (from < end) return { at: from, deferred: [...deferred] };
    deferred.add('outside_send_window');
  }
  throw new Error('no working day in the next year');
}
