/**
 * "Today" and calendar-day arithmetic, one way everywhere (docs/domain.md, Dates and "today"): the
 * web, the CSV export and every job ask the organisation's today from here, so days late,
 * overdue and "a pause ends after today" agree wherever they are computed.
 *
 * A scheduling pass asks these for every customer and every step, so they are written for speed:
 * a calendar date is counted as a UTC day number (a date carries no zone, so it can never be
 * shifted by a daylight-saving change or by the zone of the machine), and a zone's date at an
 * instant comes from one Intl formatter kept per zone.
 */

/** The time zone of an organisation that has not chosen one (the settings column's default). */
export const DEFAULT_TIME_ZONE = 'Europe/London';

/** A day of UTC time in milliseconds: calendar days are counted in these (and durations in days turned into them). */
export const MS_PER_DAY = 86_400_000;
const DATE_PART = /^(\d{4})-(\d{2})-(\d{2})/;

/** One formatter per zone the runtime knows; null for a zone it refused. */
const formatters = new Map<string, Intl.DateTimeFormat | null>();

function formatterFor(timeZone: string): Intl.DateTimeFormat | null {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    try {
      formatter =
        timeZone === ''
          ? null
          : new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', calendar: 'gregory', numberingSystem: 'latn' });
    } catch {
      formatter = null;
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether `timeZone` is an IANA zone the runtime knows (Europe/London, Pacific/Auckland). */
export function isTimeZone(timeZone: string): boolean {
  return formatterFor(timeZone) !== null;
}

/**
 * The organisation's today (YYYY-MM-DD): the calendar date at `now` in its time zone. At 23:30
 * UTC on 30 June it is already 1 July in Pacific/Auckland and in (summer) London, still 30 June in
 * Los Angeles. A zone the runtime does not know falls back to {@link DEFAULT_TIME_ZONE} rather
 * than failing every screen and job of that organisation.
 */
export function organisationToday(timeZone: string, now: Date = new Date()): string {
  const formatter = formatterFor(timeZone) ?? formatterFor(DEFAULT_TIME_ZONE);
  let year = '';
  let month = '';
  let day = '';
  for (const part of (formatter as Intl.DateTimeFormat).formatToParts(now)) {
    if (part.type === 'year') year = part.value;
    else if (part.type === 'month') month = part.value;
    else if (part.type === 'day') day = part.value;
  }
  return `${year.padStart(4, '0')}-${month}-${day}`;
}

/** The UTC day number of a YYYY-MM-DD date (a time part is ignored); null when it is not a real date. */
function dayNumber(date: string): number | null {
  const match = DATE_PART.exec(date);
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const ms = Date.UTC(y, m - 1, d);
  // 2026-02-30 would roll over into March: not a date.
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d) return null;
  return ms / MS_PER_DAY;
}

const dateOfDayNumber = (n: number): string => new Date(n * MS_PER_DAY).toISOString().slice(0, 10);

/** The calendar date `days` after `date` (both YYYY-MM-DD; negative goes back). */
export function addDays(date: string, days: number): string {
  const n = dayNumber(date);
  if (n === null) throw new RangeError(`not a calendar date: ${date}`);
  return dateOfDayNumber(n + days);
}

/**
 * Whole days from `dueDate` to `today` (YYYY-MM-DD; a time part is ignored): positive when
 * late, 0 on the due date, negative before it, null without a valid due date.
 */
export function daysLate(dueDate: string | null | undefined, today: string): number | null {
  if (!dueDate) return null;
  const due = dayNumber(dueDate);
  const now = dayNumber(today);
  if (due === null || now === null) return null;
  return now - due;
}
