import { currencyExponent } from '../common/money';
import type { InvoiceStatus } from '../invoices/invoice';

import type { DateOrder } from './import-fields';

/** A cell read as a value, or the reason it could not be (worded to follow the field's label). */
export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = <T>(reason: string): Parsed<T> => ({ ok: false, reason });

/** Symbols that name one currency; `$` does not (USD, AUD, CAD…), so it is only stripped. */
const SYMBOL_CURRENCY: Record<string, string> = { '£': 'GBP', '€': 'EUR', '¥': 'JPY' };
const SYMBOLS = /[£€¥$]/gu;

/**
 * An amount as accounting tools export it: `1234.5`, `£4,078.97`, `"1 234.50"`, `GBP 12.00`,
 * into minor units of `currency`. Negative amounts (credit notes) are refused, as are decimals
 * the currency does not have; the arithmetic is on the digits, so no floating-point rounding.
 */
export function parseAmount(text: string, currency: string): Parsed<number> {
  let s = text.trim().replace(/[\s\u00a0\u202f]/gu, '');
  if (s === '') return fail('is empty');
  if (/^\(.*\)$/u.test(s) || /^[-−]|[-−]$/u.test(s) || /^[£€¥$A-Za-z]*[-−]/u.test(s)) {
    return fail(`“${text.trim()}” is negative: credit notes are not imported`);
  }
  // A code counts only beside the number ("GBP12", "12.00 gbp"), so a word is not read as one.
  const code = /^([A-Za-z]{3})(?=[\d£€¥$])|(?<=[\d.])([A-Za-z]{3})$/u.exec(s);
  if (code) {
    const named = (code[1] ?? code[2] ?? '').toUpperCase();
    if (named !== currency) return fail(`“${text.trim()}” is in ${named}, but the invoice is in ${currency}`);
    s = s.slice(0, code.index) + s.slice(code.index + code[0].length);
  }
  for (const symbol of s.match(SYMBOLS) ?? []) {
    const named = SYMBOL_CURRENCY[symbol];
    if (named && named !== currency) return fail(`“${text.trim()}” is in ${named}, but the invoice is in ${currency}`);
  }
  s = s.replace(SYMBOLS, '');
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/u.exec(s);
  if (!match) return fail(`“${text.trim()}” is not an amount`);
  const whole = (match[1] ?? '').replaceAll(',', '');
  const fraction = match[2] ?? '';
  const exponent = currencyExponent(currency);
  if (fraction.length > exponent && /[1-9]/u.test(fraction.slice(exponent))) {
    return fail(`“${text.trim()}” has more decimal places than ${currency} allows`);
  }
  const minor = Number(whole + fraction.slice(0, exponent).padEnd(exponent, '0'));
  if (!Number.isSafeInteger(minor)) return fail(`“${text.trim()}” is too large`);
  return ok(minor);
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function isoDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * A date in the forms accounting tools export: ISO (`2026-07-31`, also with a time, which is
 * dropped), numeric with `/`, `.` or `-` read day first or month first as `order` says
 * (`31/07/2026`, `31.07.26`), or with a month name (`31 Jul 2026`, `31-July-2026`). Two-digit
 * years are this century. Dates outside 1900–2099 are refused.
 */
export function parseDate(text: string, order: DateOrder): Parsed<string> {
  const s = text.trim();
  if (s === '') return fail('is empty');
  let parts: [number, number, number] | null = null;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T\s].*)?$/u.exec(s);
  const numeric = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})$/u.exec(s);
  const named = /^(\d{1,2})[\s-]([A-Za-z]{3,9})\.?[\s,-]+(\d{4})$/u.exec(s);
  if (iso) {
    parts = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  } else if (numeric) {
    const [a, b, y] = [Number(numeric[1]), Number(numeric[2]), Number(numeric[3])];
    const year = (numeric[3] ?? '').length === 2 ? 2000 + y : y;
    parts = order === 'dmy' ? [year, b, a] : [year, a, b];
  } else if (named) {
    const month = MONTHS.indexOf((named[2] ?? '').slice(0, 3).toLowerCase()) + 1;
    if (month > 0) parts = [Number(named[3]), month, Number(named[1])];
  }
  const date = parts ? isoDate(...parts) : null;
  if (!date) return fail(`“${s}” is not a date${numeric ? ` (read ${order === 'dmy' ? 'day first' : 'month first'})` : ''}`);
  if (date < '1900-01-01' || date > '2099-12-31') return fail(`“${s}” is outside 1900–2099`);
  return ok(date);
}

/**
 * Which order numeric dates in these sample cells are written in: month first only when some
 * cell cannot be day first (a "day" above 12 in second place) and none contradicts it.
 */
export function suggestDateOrder(samples: readonly string[]): DateOrder {
  let dayFirst = false;
  let monthFirst = false;
  for (const sample of samples) {
    const m = /^(\d{1,2})[/.-](\d{1,2})[/.-]\d{2,4}$/u.exec(sample.trim());
    if (!m) continue;
    if (Number(m[1]) > 12) dayFirst = true;
    if (Number(m[2]) > 12) monthFirst = true;
  }
  return monthFirst && !dayFirst ? 'mdy' : 'dmy';
}

/** Status words of Xero, QuickBooks, Stripe, Sage and FreeAgent exports, by our status. */
const STATUS_WORDS: Record<InvoiceStatus, readonly string[]> = {
  open: ['open', 'authorised', 'authorized', 'approved', 'submitted', 'sent', 'outstanding', 'unpaid', 'overdue', 'due', 'partial', 'partially paid', 'part paid', 'awaiting payment', 'viewed'],
  paid: ['paid', 'closed', 'settled', 'paid in full'],
  void: ['void', 'voided', 'deleted', 'cancelled', 'canceled'],
  uncollectible: ['uncollectible', 'written off', 'write off', 'written-off', 'bad debt'],
};
const STATUS_BY_WORD = new Map(
  Object.entries(STATUS_WORDS).flatMap(([status, words]) => words.map((w) => [w, status as InvoiceStatus] as const)),
);

/** A status cell as one of our invoice statuses. Drafts are refused: the customer has not had them. */
export function parseStatus(text: string): Parsed<InvoiceStatus> {
  const word = text.trim().toLowerCase().replace(/[_\s]+/gu, ' ');
  if (word === 'draft') return fail('is Draft: a draft has not been sent to the customer, so it is not imported');
  const status = STATUS_BY_WORD.get(word);
  return status ? ok(status) : fail(`“${text.trim()}” is not a status we know (open, paid, void, written off)`);
}
