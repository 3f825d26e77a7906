import { type SQL, sql } from 'drizzle-orm';

/**
 * A JS array as ONE array parameter (cast it in the SQL: `${pgArray(xs)}::int[]`). drizzle's sql
 * template expands a bare array into "($1, $2…)"; one parameter keeps a 1,000-row
 * `unnest(...)` statement to a handful of parameters. null elements become NULL.
 */
export function pgArray(values: readonly (string | number | null)[]): SQL {
  return sql`${sql.param(values)}`;
}

/**
 * A text[] literal (`{"a","b \"c\""}`) for one element of a text[] parameter, so a batch of
 * rows of cells travels as one text[] and each element is cast back with `::text[]`. PostgreSQL
 * text cannot hold NUL, so NUL characters are dropped.
 */
export function textArrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replaceAll('\u0000', '').replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
}
