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
  // (decision 0013). Currencies in code order, then amounts in the sort's direction: indexes
  // (org_id, currency, amount_overdue, id) and (…, amount_overdue desc, id desc). A list filtered
  // to one currency (Home's top debtors) walks one of them in amount order directly.
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

/** Whether `key` holds the sort values of a row of a list sorted by `field`: one each, of the right kinds. */
export function isSortKeyOf(field: CustomerSortField, key: readonly (string | null)[]): boolean {
  const { group, columns, nullable, reads } = SORT[field];
  if (key.length !== (group ? 1 : 0) + columns.length) return false;
  const [groupKey, value] = group ? key : [undefined, key[0]];
  if (group && groupKey === null) return false;
  return value === null || value === undefined ? nullable && value === null : SORT_VALUE[reads](value);
}

/** The expressions a sort orders on, over `c`. */
export interface SortColumns {
  /** Rows are grouped by this first, always ascending (amounts by their currency). */
  group?: string;
  /** Then ordered by these, in the sort's direction. */
  columns: readonly string[];
  /** Only single-column sorts are nullable; their nulls sort last both ways. */
  nullable: boolean;
  /** What kind of value the (last) column holds, to check a cursor's. */
  reads: SortValueKind;
}

/** Where a page or batch ended: its last row's sort values (as text: the group's, then each column's) and id. */
export interface SortPosition {
  sortKey: (string | null)[];
  id: string;
}

/** The expressions a list sorted by `field` orders on (over `c`), and whether it can be null. */
export function customerSortColumns(field: CustomerSortField): SortColumns {
  return SORT[field];
}

/** The ORDER BY of a customer list: its group, then the columns and id in the requested direction. */
export function customerOrderBy(field: CustomerSortField, order: SortOrder): SQL {
  const { group, columns, nullable } = SORT[field];
  const direction = order === 'asc' ? 'asc' : 'desc';
  // Spelled out to match the indexes' null ordering exactly, or the planner cannot use them.
  const nulls = nullable && order === 'desc' ? ' nulls last' : '';
  const sorted = columns.map((c) => `${c} ${direction}${nullable ? ' nulls last' : ''}`).join(', ');
  return sql.raw(`${group ? `${group} asc, ` : ''}${sorted}, c.id ${direction}${nulls}`);
}

/** A row's sort values as a text array (the group's, then each column's): what {@link SortPosition} holds. */
export function customerSortKey(field: CustomerSortField): SQL {
  const { group, columns } = SORT[field];
  return sql.raw(`array[${[...(group ? [group] : []), ...columns].map((c) => `(${c})::text`).join(', ')}]`);
}

/**
 * Rows strictly after `after` in the order of customerOrderBy: (columns…, id) all in the sort's
 * direction, nulls last both ways. The sort values come back as text and are bound untyped, so
 * PostgreSQL reads each as its column's own type (timestamps keep their microseconds).
 *
 * Past a value of a nullable column, what follows is the rest of the values and then every null:
 * two predicates, in that order, each a range its index can start from (as one predicate joined by
 * `or` it would only be a filter, read row by row from the first customer).
 */
export function customerKeysetAfter(field: CustomerSortField, order: SortOrder, after: SortPosition): [SQL] | [SQL, SQL] {
  const { group, columns, nullable } = SORT[field];
  const row = sql.raw(columns.join(', '));
  const op = sql.raw(order === 'asc' ? '>' : '<');
  const [groupKey, ...sortKey] = group ? after.sortKey : [null, ...after.sortKey];
  const [only] = sortKey;
  // Only single-column sorts have nulls, and they come after every value.
  if (nullable && only === null) return [sql`(${row} is null and c.id ${op} ${after.id}::uuid)`];
  const keys = sql.join(sortKey.map((k) => sql`${k}`), sql`, `);
  const beyond = sql`(${row}, c.id) ${op} (${keys}, ${after.id}::uuid)`;
  if (group) {
    // The group ascends whatever the direction: later groups, or the same group further on.
    const column = sql.raw(group);
    return [sql`(${column} > ${groupKey} or (${column} = ${groupKey} and ${beyond}))`];
  }
  return nullable ? [beyond, sql`${row} is null`] : [beyond];
}
