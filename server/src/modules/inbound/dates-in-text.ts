import { TZDate } from '@date-fns/tz';
import { addDays, daysLate, DEFAULT_TIME_ZONE, isTimeZone, organisationToday } from '@receivables/contracts';
import * as chrono from 'chrono-node';

/** A calendar date named in a text, where it was written, and the day it means. */
export interface DateInText {
  /** Where its words start in the text, and the words as written. */
  index: number;
  text: string;
  /** The day it names (YYYY-MM-DD); for a range ("1–5 March"), its first day. */
  day: string;
  /** For a range, its last day. */
  lastDay: string | null;
  /** "Next week", "this week": a whole week, whose Monday is `day`. */
  isWeek: boolean;
  /** "In a couple of weeks", "in a few days": a vague span, whose day is a guess. */
  isVague: boolean;
}

/**
 * A date written without its year is taken in the year that puts it no more than this many days
 * before the day the message came: an out-of-office reply still saying "until 28 February" on
 * 3 March is stale (its writer is back already), not a promise for next February — chrono's
 * `forwardDate` alone would pause the customer for a year (docs/decisions/0021-replies.md).
 */
const STALE_DAYS = 30;

const BARE_DAY_TAG = 'inbound/bare-day';

/**
 * Day-first British English (our users write "03/03" for 3 March), plus "the 17th" on its own,
 * which chrono leaves unread; with "of March" after it chrono's own parser reads the whole.
 */
const parser = chrono.en.GB.clone();
parser.parsers.push({
  pattern: () => /\bthe\s+(\d{1,2})(?:st|nd|rd|th)\b(?!\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))/i,
  extract: (context, match) => {
    const day = Number(match[1]);
    return day >= 1 && day <= 31 ? context.createParsingComponents({ day }).addTag(BARE_DAY_TAG) : null;
  },
});

/**
 * en.GB reads "March 14" as March 2014 (a month and a two-digit year); Americans mean 14 March.
 * A month name and one or two digits that it took for a year are read as a day instead.
 */
const MONTH_AND_TWO_DIGITS = /^[a-z]{3,9}\.?\s+(\d{1,2})$/i;

function isoDay(year: number, month: number, day: number): string | null {
  const date = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return daysLate(date, date) === null ? null : date;
}

/** The year of a month and day written without one: see {@link STALE_DAYS}. */
function placeInYear(month: number, day: number, today: string): string | null {
  const year = Number(today.slice(0, 4));
  for (const candidate of [year - 1, year, year + 1]) {
    const date = isoDay(candidate, month, day);
    const behind = date === null ? null : daysLate(date, today);
    if (behind !== null && behind <= STALE_DAYS && behind > STALE_DAYS - 365) return date;
  }
  return null;
}

/** "The 25th" alone: the next such day from today (today included), this month or the next. */
function nextDayOfMonth(day: number, today: string): string | null {
  const [year = 0, month = 1] = today.split('-').map(Number);
  for (let step = 0; step < 3; step += 1) {
    const m = ((month - 1 + step) % 12) + 1;
    const date = isoDay(year + Math.floor((month - 1 + step) / 12), m, day);
    if (date !== null && (daysLate(date, today) ?? 1) <= 0) return date;
  }
  return null;
}

const WHOLE_WEEK = /^(?:next|this|the following) week$/i;
const VAGUE = /\b(?:couple|few|several|some)\b/i;

/** The same day a year earlier (29 February stays as it is: no such day). */
function yearBefore(date: string): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return isoDay(year - 1, month, day) ?? date;
}

/** The Monday of the week `date` (YYYY-MM-DD) falls in. */
function mondayOf(date: string): string {
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(date, -weekday);
}

function dayOf(components: chrono.ParsedComponents, text: string, today: string): string | null {
  const year = components.get('year') ?? 0;
  const month = components.get('month') ?? 0;
  const day = components.get('day') ?? 0;
  if (components.tags().has(BARE_DAY_TAG)) return nextDayOfMonth(day, today);
  const twoDigits = MONTH_AND_TWO_DIGITS.exec(text);
  if (twoDigits && !components.isCertain('day') && components.tags().has('parser/ENMonthNameParser')) {
    return placeInYear(month, Number(twoDigits[1]), today);
  }
  // "March", "next month": no day named.
  if (!components.isCertain('day') && !components.isCertain('weekday')) return null;
  // Relative ("tomorrow", "next week"): chrono's reading from today.
  if (components.isCertain('year')) return isoDay(year, month, day);
  // A weekday alone is the next one after today: "back Wednesday" written on a Wednesday is a
  // week on (chrono's forward reading takes today before noon).
  if (!components.isCertain('month')) {
    const date = isoDay(year, month, day);
    return date === today ? addDays(date, 7) : date;
  }
  return placeInYear(month, day, today);
}

/** Minutes east of UTC of `timeZone` at `at`, as chrono takes a reference zone. */
function offsetMinutes(at: Date, timeZone: string): number {
  return -new TZDate(at.getTime(), timeZone).getTimezoneOffset();
}

/** The calendar day `receivedAt` falls on in `timeZone` (London when the zone is unknown). */
export function dayReceived(receivedAt: Date, timeZone: string): string {
  return organisationToday(isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE, receivedAt);
}

/**
 * The calendar dates a text names, read as someone in `timeZone` would read them on the day
 * `receivedAt` falls there ("tomorrow", "Monday", a date without a year). Times are ignored.
 */
export function findDatesInText(text: string, receivedAt: Date, timeZone: string): DateInText[] {
  const zone = isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  const today = dayReceived(receivedAt, zone);
  const results = parser.parse(text, { instant: receivedAt, timezone: offsetMinutes(receivedAt, zone) }, { forwardDate: true });
  const found: DateInText[] = [];
  for (const result of results) {
    const day = dayOf(result.start, result.text, today);
    if (day === null) continue;
    const lastDay = result.end ? dayOf(result.end, result.text, today) : null;
    // "1–5 March" read on 3 March: the range's end decides its year, and a range runs forwards.
    const first = lastDay !== null && day > lastDay ? yearBefore(day) : day;
    const isWeek = WHOLE_WEEK.test(result.text);
    const isVague = VAGUE.test(result.text);
    found.push({ index: result.index, text: result.text, day: isWeek ? mondayOf(first) : first, lastDay, isWeek, isVague });
  }
  return found;
}
