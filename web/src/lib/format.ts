// Money is formatted by the one money module in contracts (docs/domain.md, Money), which the
// server's messages and exports share; re-exported so screens import all formatting from here.
export { formatMoney } from '@receivables/contracts';

const longDate = new Intl.DateTimeFormat('en-GB', { year: 'numeric', month: 'long', day: 'numeric' });
const longDateUtc = new Intl.DateTimeFormat('en-GB', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** "3 November 2026"; "N/A" when the value is not a date. */
export function formatLongDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  // A bare calendar date has no time zone; format it as written rather than shifting it a day.
  if (typeof value === 'string' && DATE_ONLY.test(value)) {
    const date = new Date(`${value}T00:00:00Z`);
    return Number.isNaN(date.getTime()) ? 'N/A' : longDateUtc.format(date);
  }
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? 'N/A' : longDate.format(date);
}

const weekdayDateUtc = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });

/** "Monday 30 November" for a calendar date (YYYY-MM-DD) a few days off, as written; "N/A" when it is not one. */
export function formatWeekdayDate(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return DATE_ONLY.test(day) && !Number.isNaN(date.getTime()) ? weekdayDateUtc.format(date).replace(',', '') : 'N/A';
}

const shortDateUtc = new Intl.DateTimeFormat('en-GB', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

const shortDate = new Intl.DateTimeFormat('en-GB', { year: 'numeric', month: 'short', day: 'numeric' });

/**
 * "3 Nov 2026", for tables and lists where a long date will not fit: a calendar date (YYYY-MM-DD)
 * as written, an instant in the viewer's time zone; "N/A" when it is neither.
 */
export function formatShortDate(value: string): string {
  const date = DATE_ONLY.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  if (Number.isNaN(date.getTime())) return 'N/A';
  return DATE_ONLY.test(value) ? shortDateUtc.format(date) : shortDate.format(date);
}

const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

/**
 * "3 November 2026 at 14:05" in the viewer's time zone, for a timestamp; "N/A" when it is not one.
 * The date part is the long form every screen uses (docs/product.md, Constants), as the
 * customer timeline writes it.
 */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'N/A' : `${longDate.format(date)} at ${time.format(date)}`;
}

/** A count with en-GB grouping (1,234). */
export function formatCount(value: number): string {
  return value.toLocaleString('en-GB');
}

/** "14:05" in the viewer's time zone, beside formatLongDate where the time of day matters; "" when not a timestamp. */
export function formatTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : time.format(date);
}

/**
 * "09:00" on the clock of `timeZone` — the organisation's, the one the send window is set in — not
 * the viewer's; "" when not a timestamp. Activity and the chase calendar both show times this way.
 */
export function formatClockInZone(iso: string, timeZone: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(date);
}

/**
 * A name's possessive in British style: "Acme Widgets Ltd’s", but "Northwind Traders’" (a name
 * that ends in s takes the apostrophe alone, as a plural does).
 */
export function possessive(name: string): string {
  const trimmed = name.trim();
  return /s$/i.test(trimmed) ? `${trimmed}’` : `${trimmed}’s`;
}
