import type { CustomerSortField, SortOrder } from '@receivables/contracts';
import { type SQL, sql } from 'drizzle-orm';

import type { Tx } from '../../db/client';

import type { CustomerSqlRow } from './customer-row';

/**
 * How each sortable column orders. Every one has an index `(org_id, <expression>, id)`, and the
 * tie-breaker `id` runs in the sort's direction, so one index serves both directions by scanning
 * it forwards or backwards. Nullable columns sort nulls last both ways; their descending order
 * has its own index `(org_id, <expression> desc nulls last, id desc)` (see the schema).
 */
const SORT: Record<CustomerSortField, SortColumns> = {
  // lower(name) sorts the way people read and matches the (org_id, lower(name), id) index.
  name: { columns: ['lower(c.name)'], nullable: false },
  currency: { columns: ['c.currency'], nullable: false },
  standing: { columns: ['c.standing'], nullable: false },
  // Amounts rank within their currency, never across: £500 and ¥500 are not comparable
  // (decision 0013). Currencies in code order, then amounts in the sort's direction: indexes
  // (org_id, currency, amount_overdue, id) and (…, amount_overdue desc, id desc). A list filtered
  // to one currency (Home's top debtors) walks one of them in amount order directly.
  amount_overdue: { group: 'c.currency', columns: ['c.amount_overdue'], nullable: false },
  n_invoices: { columns: ['c.n_invoices'], nullable: false },
  due_date: { columns: ['c.due_date'], nullable: true },
  last_chase_at: { columns: ['c.last_chase_at'], nullable: true },
  created_at: { columns: ['c.created_at'], nullable: false },
};

/** The expressions a sort orders on, over `c`. */
export interface SortColumns {
  /** Rows are grouped by this first, always ascending (amounts by their currency). */
  group?: string;
  /** Then ordered by these, in the sort's direction. */
  columns: readonly string[];
  /** Only single-column sorts are nullable; their nulls sort last both ways. */
  nullable: boolean;
}

export interface CustomerQuery {
  orgId: string;
  /** Predicates over `c` (customer) and, when `joinContact`, `pc` (its primary contact). */
  where: SQL[];
  /** Whether a predicate looks at the primary contact, so matching needs the join. */
  joinContact: boolean;
  sortField: CustomerSortField;
  sortOrder: SortOrder;
  limit: number;
  offset: number;
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

/** Joins a customer `c` to its primary contact `pc` (at most one, so no duplicates). */
export const PRIMARY_CONTACT = sql.raw("left join contact pc on pc.customer_id = c.id and pc.role = 'primary' and pc.org_id = c.org_id");

// At most one of each role (unique indexes), so neither join can duplicate a customer.
const ESCALATION_CONTACT = sql.raw("left join contact ec on ec.customer_id = c.id and ec.role = 'escalation' and ec.org_id = c.org_id");

/**
 * One statement for a page of customers and the total count. The page is chosen first, by an
 * ordered index scan that stops after `offset + limit` rows; only those rows are then joined to
 * their primary and escalation contacts and tags. The count is a separate scalar over the same predicates.
 * When the page is past the end, a single row carries the total with a null id.
 */
export async function queryCustomers(tx: Tx, q: CustomerQuery): Promise<{ rows: CustomerSqlRow[]; total: number }> {
  const result = await tx.execute(customerListSql(q));
  // The total rides on every row; past the last page a single row carries it with a null id.
  const raw = result.rows as unknown as (Omit<CustomerSqlRow, 'id'> & { id: string | null; total: number })[];
  const rows = raw.filter((r): r is CustomerSqlRow & { total: number } => r.id !== null);
  return { rows, total: raw[0]?.total ?? 0 };
}

/** The statement behind {@link queryCustomers}; exported so the benchmark can EXPLAIN it. */
export function customerListSql(q: CustomerQuery): SQL {
  const order = customerOrderBy(q.sortField, q.sortOrder);
  const where = sql.join([sql`c.org_id = ${q.orgId}`, ...q.where], sql` and `);
  const matchJoin = q.joinContact ? PRIMARY_CONTACT : sql``;
  return sql`
    with page as materialized (
      select c.id from customer c ${matchJoin}
      where ${where}
      order by ${order}
      limit ${q.limit} offset ${q.offset}
    ),
    counted as (
      select count(*)::integer as total from customer c ${matchJoin} where ${where}
    )
    select counted.total, c.id, c.name, c.currency, c.standing, c.standing_since, c.paused_until,
           c.workflow_id, c.last_chase_at, c.amount_overdue, c.n_invoices, c.due_date, c.external_ref,
           c.created_at, c.updated_at, pc.id as contact_id, pc.name as contact_name,
           pc.email as contact_email, pc.phone as contact_phone, pc.role as contact_role,
           pc.undeliverable_at as contact_undeliverable_at, pc.undeliverable_reason as contact_undeliverable_reason,
           ec.id as escalation_id, ec.name as escalation_name, ec.email as escalation_email, ec.phone as escalation_phone,
           ec.undeliverable_at as escalation_undeliverable_at, ec.undeliverable_reason as escalation_undeliverable_reason,
           c.pause_reason, c.pause_event_id,
           tags.tags
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
