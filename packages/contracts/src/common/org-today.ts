import { TZDate, tz } from '@date-fns/tz';
import { addDays as addCalendarDays, differenceInCalendarDays, format, isValid, parseISO } from 'date-fns';

/**
 * "Today" and calendar-day arithmetic, one way everywhere (docs/domain.md, Dates and "today"): the
 * web, the CSV export and every job ask the organisation's today from here, so days late,
 * overdue and "a pause ends after today" agree wherever they are computed.
 */

/** The time zone of an organisation that has not chosen one (the settings column's default). */
export const DEFAULT_TIME_ZONE = 'Europe/London';

const DAY = 'yyyy-MM-dd';
// Calendar dates carry no zone; read and counted in UTC they can never be shifted by a
// daylight-saving change or by the zone of the machine running the code.
const calendar = { in: tz('UTC') };

/** Whether `timeZone` is an IANA zone the runtime knows (Europe/London, Pacific/Auckland). */
export function isTimeZone(timeZone: string): boolean {
  return timeZone !== '' && isValid(new TZDate(0, timeZone));
}

/**
 * The organisation's today (YYYY-MM-DD): the calendar date at `now` in its time zone. At 23:30
 * UTC on 30 June it is already 1 July in Pacific/Auckland and in (summer) London, still 30 June in
 * Los Angeles. A zone the runtime does not know falls back to {@link DEFAULT_TIME_ZONE} rather
 * than failing every screen and job of that organisation.
 */
export function organisationToday(timeZone: string, now: Date = new Date()): string {
  const zone = isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  return format(new TZDate(now, zone), DAY);
}

/** The calendar date `days` after `date` (both YYYY-MM-DD; negative goes back). */
export function addDays(date: string, days: number): string {
  return format(addCalendarDays(parseISO(date.slice(0, 10), calendar), days, calendar), DAY, calendar);
}

/**
 * Whole days from `dueDate` to `today` (YYYY-MM-DD; a time part is ignored): positive when
 * late, 0 on the due date, negative before it, null without a valid due date.
 */
export function daysLate(dueDate: string | null | undefined, today: string): number | null {
  if (!dueDate) return null;
  const due = parseISO(dueDate.slice(0, 10), calendar);
  const now = parseISO(today.slice(0, 10), calendar);
  if (!isValid(due) || !isValid(now)) return null;
  return differenceInCalendarDays(now, due, calendar);
}
