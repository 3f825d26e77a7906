import { z } from 'zod';

import { textSchema } from '../common/text';

import { type CustomerFilter, customerFilterSchema } from './customer-filter';

const MAX_FILTERS = 20;

/**
 * `filter_str` (docs/api-conventions.md, Lists): a JSON array of filter items, carried as one
 * string in a query string or a body. Parsed here, once, from text to typed filters, so a route
 * that declares it hands its handler `CustomerFilter[]`; every problem is an issue at its own path
 * (`filter_str[0].operator`, `matching.filter_str[2].value`) through zod's own paths. Empty or
 * blank is no filter.
 */
export const customerFilterStrSchema = textSchema({ max: 10_000 })
  .transform((raw, ctx): unknown => {
    if (raw === '') return [];
    try {
      return JSON.parse(raw);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'is not valid JSON' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(customerFilterSchema, { error: 'must be a JSON array of {field, operator, value}' })
      .max(MAX_FILTERS, `may hold at most ${MAX_FILTERS} filters`),
  );

/** Filters as `filter_str`: the one way the web writes what {@link customerFilterStrSchema} reads. */
export function serializeCustomerFilters(filters: readonly CustomerFilter[]): string {
  return JSON.stringify(filters.map(({ field, operator, value, currency }) => ({ field, operator, value, currency })));
}
