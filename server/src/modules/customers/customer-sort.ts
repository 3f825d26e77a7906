import { type CustomerSortField, type SortOrder, standingSchema } from '@receivables/contracts';
import { type SQL, sql } from 'drizzle-orm';

/**
 * How each sortable column orders. Every one has an index `(org_id, <expression>, id)`, and the
 * tie-breaker `id` runs in the sort's direction, so one index serves both directions by scanning
 * it forwards or backwards. Nullable columns sort nulls last both ways; their descending order
 * has its own index `(org_id, <expression> desc nulls last, id desc)` (see the schema).
 */
const SORT: Record<CustomerSortField, SortColumns> = {
  // lower(name) sorts the way people read and matches the (org_id, lower(name), id) index.
  name: { columns: ['lower(c.name)'], nullable: false, reads: 'text' },
  currency: { columns: ['c.currency'], nullable: false, reads: 'text' },
  standing: { columns: ['c.standing'], nullable: false, reads: 'standing' },
  // Amounts rank within their currency, never across: £500 and ¥500 are not comparable
  // (decision 0013). The organisation's currency first, the others in code order, then amounts in
  // the sort's direction: each currency is a range of the index (org_id, currency, amount_overdue,
  // id) or (…, amount_overdue desc, id desc), read in amount order (see customerRanges).
  amount_overdue: { group: 'c.currency', columns: ['c.amount_overdue'], nullable: false, reads: 'integer' },
  n_invoices: { columns: ['c.n_invoices'], nullable: false, reads: 'integer' },
  due_date: { columns: ['c.due_date'], nullable: true, reads: 'date' },
  last_chase_at: { columns: ['c.last_chase_at'], nullable: true, reads: 'timestamp' },
  created_at: { columns: ['c.created_at'], nullable: false, reads: 'timestamp' },
};

type SortValueKind = 'text' | 'standing' | 'integer' | 'date' | 'timestamp';

// What PostgreSQL's text output of each kind looks like, so a tampered cursor is refused as bad
// input before it reaches a cast that would fail inside the statement.
const SORT_VALUE: Record<SortValueKind, (value: string) => boolean> = {
  text: () => true,
  standing: (v) => standingSchema.safeParse(v).success,
  integer: (v) => /^-?\d{1,18}$/.test(v),
  date: (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && isCalendarInstant(`${v}T00:00:00Z`),
  timestamp: (v) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/.test(v) && isCalendarInstant(v.replace(' ', 'T')),
};

function isCalendarInstant(iso: string): boolean {
  const at = new Date(iso.replace(/([+-]\d{2})$/, '$1:00'));
  // 2026-02-30 parses to March; only a day that exists prints back as itself.
  return !Number.isNaN(at.getTime()) && new Date(`${iso.slice(0, 10)}T00:00:00Z`).toISOString().slice(0, 10) === iso.slice(0, 10);
}

const CURRENCY_CODE = /^[A-Z]{3}$/;

/**
 * Whether `key` holds the sort values of a row of a list sorted by `field`: one each, of the right
 * kinds; a grouped sort's key starts with the group that leads (or null) and the row's own group.
 */
export function isSortKeyOf(field: CustomerSortField, key: readonly (string | null)[]): boolean {
  const { group, columns, nullable, reads } = SORT[field];
  if (key.length !== (group ? 2 : 0) + columns.length) return false;
  // The lead is an organisation's currency setting (an ISO code); the row's own group is whatever
  // text the column holds (compared as text, never cast), so any value but null.
  const isCode = (v: string | null | undefined) => typeof v === 'string' && CURRENCY_CODE.test(v);
  if (group && ((key[0] !== null && !isCode(key[0])) || typeof key[1] !== 'string')) return false;
  // Only single-column sorts are nullable, so the last value is the only one that can be null.
  const value = key.at(-1);
  return value === null || value === undefined ? nullable && value === null : SORT_VALUE[reads](value);
}

/** The expressions a sort orders on, over `c`. */
export interface SortColumns {
  /** Rows are grouped by this first: the leading group, then the others ascending (amounts by their currency). */
  group?: string;
  /** Then ordered by these, in the sort's direction. */
  columns: readonly string[];
  /** Only single-column sorts are nullable; their nulls sort last both ways. */
  nullable: boolean;
  /** What kind of value the (last) column holds, to check a cursor's. */
  reads: SortValueKind;
}

/**
 * Where a page or batch ended: its last row's sort values (as text: for a grouped sort the group
 * that leads, or null, and the row's group; then each column's) and id.
 */
export interface SortPosition {
  sortKey: (string | null)[];
  id: string;
}

/** The expressions a list sorted by `field` orders on (over `c`), and whether it can be null. */
export function customerSortColumns(field: CustomerSortField): SortColumns {
  return SORT[field];
}

/**
 * The ORDER BY of a customer list: its group (the `lead` group first, then the others ascending),
 * then the columns and id in the requested direction. Without `lead`, groups simply ascend: the
 * order within one of {@link customerRanges}' ranges, which an index walks as it is.
 */
export function customerOrderBy(field: CustomerSortField, order: SortOrder, lead?: string): SQL {
  const { group, columns, nullable } = SORT[field];
  const direction = order === 'asc' ? 'asc' : 'desc';
  // Spelled out to match the indexes' null ordering exactly, or the planner cannot use them.
  const nulls = nullable && order === 'desc' ? ' nulls last' : '';
  const sorted = columns.map((c) => `${c} ${direction}${nullable ? ' nulls last' : ''}`).join(', ');
  const rest = sql.raw(`${group ? `${group} asc, ` : ''}${sorted}, c.id ${direction}${nulls}`);
  return group && lead !== undefined ? sql`(${sql.raw(group)} <> ${lead}) asc, ${rest}` : rest;
}

/**
 * A row's sort values as a text array (for a grouped sort the group that leads, or null, and the
 * row's group; then each column's): what {@link SortPosition} holds, so a cursor keeps its order.
 */
export function customerSortKey(field: CustomerSortField, lead?: string): SQL {
  const { group, columns } = SORT[field];
  const values = sql.raw([...(group ? [group] : []), ...columns].map((c) => `(${c})::text`).join(', '));
  return group ? sql`array[${lead ?? null}::text, ${values}]` : sql`array[${values}]`;
}

/** One range of a grouped sort's groups: `is` alone, or those strictly between `above` and `below`. */
interface GroupRange {
  is?: string;
  above?: string;
  below?: string;
}

/** What a list's ranges depend on besides its sort. */
export interface RangeOptions {
  /** The group that comes first in a grouped sort (the organisation's currency); without it groups ascend. */
  lead?: string | undefined;
  /** Start strictly after this position (a cursor or the previous batch). */
  after?: SortPosition | undefined;
  /** The only groups the filters let through, when they say; ranges holding none of them are left out. */
  groups?: readonly string[] | undefined;
}

/**
 * The ranges a page is read from, in the list's order: every row of one comes before any row of
 * the next, and each is a predicate (undefined: every row) that one index serves in the order of
 * customerOrderBy without `lead`. Read each up to the page, then merge (a sort of a few pages of
 * rows at most): as one predicate joined by `or`, or ordered by `currency <> lead`, no index could
 * start or keep the order and PostgreSQL would read row by row from the first customer.
 *
 * A grouped sort (amounts) reads its lead currency, then the currencies before it in code order,
 * then those after it: three ranges of (org_id, currency, amount…). Past a cursor it reads the rest
 * of the cursor's currency, then the currencies still to come. Past a value of a nullable column,
 * what follows is the rest of the values and then every null.
 */
export function customerRanges(field: CustomerSortField, order: SortOrder, options: RangeOptions): (SQL | undefined)[] {
  const { group, columns, nullable } = SORT[field];
  const { after } = options;
  const row = sql.raw(columns.join(', '));
  const op = sql.raw(order === 'asc' ? '>' : '<');
  if (group) return groupRanges(group, options, (keys) => sql`(${row}, c.id) ${op} (${keys}, ${after?.id}::uuid)`);
  if (!after) return [undefined];
  const [only] = after.sortKey;
  // Only single-column sorts have nulls, and they come after every value.
  if (nullable && only === null) return [sql`(${row} is null and c.id ${op} ${after.id}::uuid)`];
  const beyond = sql`(${row}, c.id) ${op} (${sql.join(after.sortKey.map((k) => sql`${k}`), sql`, `)}, ${after.id}::uuid)`;
  return nullable ? [beyond, sql`${row} is null`] : [beyond];
}

function groupRanges(group: string, { lead, after, groups }: RangeOptions, beyond: (keys: SQL) => SQL): (SQL | undefined)[] {
  const column = sql.raw(group);
  const [, at, ...keys] = after?.sortKey ?? [];
  const ranges: (GroupRange & { beyond?: SQL })[] = [];
  if (after && typeof at === 'string') {
    // The rest of the cursor's group, then the groups after it in this order.
    ranges.push({ is: at, beyond: beyond(sql.join(keys.map((k) => sql`${k}`), sql`, `)) });
    if (lead === undefined) ranges.push({ above: at });
    else if (at === lead) ranges.push({ below: lead }, { above: lead });
    else if (at < lead) ranges.push({ above: at, below: lead }, { above: lead });
    else ranges.push({ above: at });
  } else {
    ranges.push(...(lead === undefined ? [{}] : [{ is: lead }, { below: lead }, { above: lead }]));
  }
  const holds = (r: GroupRange, code: string) =>
    r.is !== undefined ? code === r.is : (r.above === undefined || code > r.above) && (r.below === undefined || code < r.below);
  const kept = groups ? ranges.filter((r) => groups.some((code) => holds(r, code))) : ranges;
  // Filters that let no group through: one range that matches nothing, so the statement keeps its shape.
  if (kept.length === 0) return [sql`false`];
  return kept.map((r) => {
    const parts = [
      ...(r.is !== undefined ? [sql`${column} = ${r.is}`] : []),
      ...(r.above !== undefined ? [sql`${column} > ${r.above}`] : []),
      ...(r.below !== undefined ? [sql`${column} < ${r.below}`] : []),
      ...(r.beyond ? [r.beyond] : []),
    ];
    return parts.length > 0 ? sql.join(parts, sql` and `) : undefined;
  });
}
