import { z } from 'zod';

/** The range of dates the product accepts anywhere: the date picker's selectable range (docs/product.md). */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2099-12-31';
const RANGE_MESSAGE = `must be between ${DATE_MIN} and ${DATE_MAX}`;

/** Whether a YYYY-MM-DD date (or the date part of a timestamp) lies in {@link DATE_MIN}..{@link DATE_MAX}. */
export function isDateInRange(value: string): boolean {
  const day = value.slice(0, 10);
  return day >= DATE_MIN && day <= DATE_MAX;
}

/** A calendar date (YYYY-MM-DD) within {@link DATE_MIN}..{@link DATE_MAX}. */
export const calendarDateSchema = z.iso.date().refine(isDateInRange, RANGE_MESSAGE);

/** An instant (ISO 8601 with an offset) whose date lies within {@link DATE_MIN}..{@link DATE_MAX}. */
export const instantSchema = z.iso.datetime({ offset: true }).refine(isDateInRange, RANGE_MESSAGE);

/** Money in minor units (pence, cents): a non-negative safe integer. */
export const amountSchema = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** ISO 4217 code as input: lower case is accepted and upper-cased. */
export const currencyInputSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, 'must be a three-letter ISO 4217 code such as GBP')
  .transform((s) => s.toUpperCase());
