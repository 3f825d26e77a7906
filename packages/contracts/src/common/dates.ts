import { z } from 'zod';

/** Spec §5: the date picker's selectable range, enforced by the API too. */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2099-12-31';

/** A calendar date (YYYY-MM-DD) within {@link DATE_MIN}..{@link DATE_MAX}. */
export const calendarDateSchema = z.iso
  .date()
  .refine((d) => d >= DATE_MIN && d <= DATE_MAX, `must be between ${DATE_MIN} and ${DATE_MAX}`);

/** Money in minor units (pence, cents): a non-negative safe integer. */
export const amountSchema = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** ISO 4217 code as input: lower case is accepted and upper-cased. */
export const currencyInputSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, 'must be a three-letter ISO 4217 code such as GBP')
  .transform((s) => s.toUpperCase());
