import { CUSTOMER_TOTAL_CAP, type CustomerSortField, type SortOrder } from '@receivables/contracts';
import { type SQL, sql } from 'drizzle-orm';

import type { Tx } from '../../db/client';

import { CHASE_STOPPED_REASON } from './chase-stopped-sql';
import type { CustomerSqlRow } from './customer-row';
import { customerOrderBy, customerRanges, customerSortColumns, customerSortKey, type SortPosition } from './customer-sort';

export interface CustomerQuery {
  orgId: string;
  /** Predicates over `c` (customer) and, when `joinContact`, `pc` (its primary contact). */
  where: SQL[];
  /** Whether a predicate looks at the primary contact, so matching needs the join. */
  joinContact: boolean;
  sortField: CustomerSortField;
  sortOrder: SortOrder;
  /**
   * The currency whose customers come first when sorted by amount: the organisation's, or the one
   * a cursor was handed out under (decision 0013). Without it currencies simply ascend.
   */
  leadCurrency?: string | undefined;
  /** The only currencies the filters let through, when they pin any: ranges of other currencies are not read. */
  currencies?: readonly string[] | undefined;
  limit: number;
  offset: number;
  /** Keyset: start after this position (a `next_cursor`), then skip `offset`. */
  after?: SortPosition;
  /** How many match, when already known (a search's probe found more than the cap): not counted again. */
  knownCount?: number;
}

/** A page of customers with each row's sort position, and how many match, counted up to the cap. */
export interface CustomerPage {
  rows: (CustomerSqlRow & { sort_key: (string | null)[] })[];
  /** Exact up to CUSTOMER_TOTAL_CAP; past it, the cap and `capped`. */
  total: number;
  capped: boolean;
}

/** Joins a customer `c` to its primary contact `pc` (at most one, so no duplicates). */
export const PRIMARY_CONTACT = sql.raw("left join contact pc on pc.customer_id = c.id and pc.role = 'primary' and pc.org_id = c.org_id");

// At most one of each role (unique indexes), so neither join can duplicate a customer.
const ESCALATION_CONTACT = sql.raw("left join contact ec on ec.customer_id = c.id and ec.role = 'escalation' and ec.org_id = c.org_id");

/**
 * One statement for a page of customers and how many match. The page is chosen first, by an
 * ordered index scan that stops after `offset + limit` rows (or starts at the `after` position);
 * only those rows are then joined to their primary and escalation contacts and tags. The count
 * stops one past CUSTOMER_TOTAL_CAP: counting a million matches costs a hundred times the page
 * (decision 0029). When the page is past the end, a single row carries the count with a null id.
 */
export async function queryCustomers(tx: Tx, q: CustomerQuery): Promise<CustomerPage> {
  const result = await tx.execute(customerListSql(q));
  // The count rides on every row; past the last page a single row carries it with a null id.
  type Raw = Omit<CustomerPage['rows'][number], 'id'> & { id: string | null; total: number };
  const raw = result.rows as unknown as Raw[];
  const rows = raw.filter((r): r is CustomerPage['rows'][number] & { total: number } => r.id !== null);
  const counted = raw[0]?.total ?? 0;
  return { rows, total: Math.min(counted, CUSTOMER_TOTAL_CAP), capped: counted > CUSTOMER_TOTAL_CAP };
}

/**
 * The ids of `limit` customers in the query's order, from its `after` position on (keyset), after
 * skipping `offset`: an ordered index scan that stops at the page. When the order is several
 * ranges (each currency group of the amount sort; past a cursor in a nullable sort, the values and
 * then the nulls), each is read from its own start, at most `offset + limit` rows of each, and the
 * few rows read are merged in the list's order.
 */
export function pageIdsSql(q: CustomerQuery, limit: number, offset: number): SQL {
  const within = customerOrderBy(q.sortField, q.sortOrder);
  const from = q.joinContact ? sql`customer c ${PRIMARY_CONTACT}` : sql`customer c`;
  const matching = (part?: SQL) => sql.join([sql`c.org_id = ${q.orgId}`, ...q.where, ...(part ? [part] : [])], sql` and `);
  const ranges = customerRanges(q.sortField, q.sortOrder, { lead: q.leadCurrency, after: q.after, groups: q.currencies });
  const [only] = ranges;
  if (ranges.length === 1) return sql`select c.id from ${from} where ${matching(only)} order by ${within} limit ${limit} offset ${offset}`;
  const { group, columns } = customerSortColumns(q.sortField);
  const selected = sql.raw(['c.id', ...(group ? [group] : []), ...columns].join(', '));
  const part = (predicate?: SQL) => sql`(select ${selected} from ${from} where ${matching(predicate)} order by ${within} limit ${limit + offset})`;
  const across = customerOrderBy(q.sortField, q.sortOrder, q.leadCurrency);
  return sql`select c.id from (${sql.join(ranges.map(part), sql` union all `)}) c order by ${across} limit ${limit} offset ${offset}`;
}

/** The statement behind {@link queryCustomers}; exported so the EXPLAIN tests and benchmark can read its plan. */
export function customerListSql(q: CustomerQuery): SQL {
  const order = customerOrderBy(q.sortField, q.sortOrder, q.leadCurrency);
  const where = sql.join([sql`c.org_id = ${q.orgId}`, ...q.where], sql` and `);
  const matchJoin = q.joinContact ? PRIMARY_CONTACT : sql``;
  return sql`
    with page as materialized (${pageIdsSql(q, q.limit, q.offset)}),
    counted as (${
      q.knownCount === undefined
        ? sql`select count(*)::integer as total from (select from customer c ${matchJoin} where ${where} limit ${CUSTOMER_TOTAL_CAP + 1}) matches`
        : sql`select ${q.knownCount}::integer as total`
    })
    select counted.total, c.id, c.name, c.currency, c.standing, c.standing_since, c.paused_until,
           c.workflow_id, c.last_chase_at, c.amount_overdue, c.n_invoices, c.due_date, c.external_ref,
           c.created_at, c.updated_at, pc.id as contact_id, pc.name as contact_name,
           pc.email as contact_email, pc.phone as contact_phone, pc.role as contact_role,
           pc.undeliverable_at as contact_undeliverable_at, pc.undeliverable_reason as contact_undeliverable_reason,
           ec.id as escalation_id, ec.name as escalation_name, ec.email as escalation_email, ec.phone as escalation_phone,
           ec.undeliverable_at as escalation_undeliverable_at, ec.undeliverable_reason as escalation_undeliverable_reason,
           c.pause_reason, c.pause_event_id, c.stripe_deleted_at,
           ${CHASE_STOPPED_REASON} as chase_stop_reason, c.chase_stops_at,
           tags.tags, ${customerSortKey(q.sortField, q.leadCurrency)} as sort_key
    from counted
    left join (page join customer c on c.id = page.id and c.org_id = ${q.orgId}) on true
    ${PRIMARY_CONTACT}
    ${ESCALATION_CONTACT}
    left join lateral (
      select json_agg(json_build_object('id', t.id, 'name', t.name, 'colour', t.colour) order by lower(t.name), t.id) as tags
      from customer_tag ct
      join tag t on t.id = ct.tag_id and t.org_id = ct.org_id
      where ct.org_id = ${q.orgId} and ct.customer_id = c.id
    ) tags on c.id is not null
    order by ${order}
  `;
}
