import type { CustomerSortField, SortOrder, Standing } from '@receivables/contracts';
import { type SQL, sql } from 'drizzle-orm';

import type { Tx } from '../../db/client';

import { type CustomerQuery, customerOrderBy, customerSortColumns, PRIMARY_CONTACT } from './customer-query';

/** Where the previous batch ended: its last row's sort values (as text: the group's, then each column's) and id. */
export interface ExportCursor {
  sortKey: (string | null)[];
  id: string;
}

/** One customer as the export reads it (snake_case, as PostgreSQL returns it). */
export interface CustomerExportSqlRow {
  id: string;
  name: string;
  standing: Standing;
  amount_overdue: number;
  currency: string;
  n_invoices: number;
  due_date: string | null;
  /** drizzle hands timestamps of raw statements back as text. */
  last_chase_at: Date | string | null;
  tags: string | null;
  contact_email: string | null;
  external_ref: string | null;
  sort_key: (string | null)[];
}

/**
 * The next `limit` customers of the list query after `after`, in the list's order. Keyset paging
 * on (sort column, id) walks the same index as the list, so every batch costs the same however
 * deep into a 100,000-customer export it is.
 */
export async function readCustomerExportBatch(
  tx: Tx,
  q: CustomerQuery,
  after: ExportCursor | null,
  limit: number,
): Promise<CustomerExportSqlRow[]> {
  const result = await tx.execute(customerExportBatchSql(q, after, limit));
  return result.rows as unknown as CustomerExportSqlRow[];
}

/** The statement behind {@link readCustomerExportBatch}: the list's filters plus the keyset. */
export function customerExportBatchSql(q: CustomerQuery, after: ExportCursor | null, limit: number): SQL {
  const order = customerOrderBy(q.sortField, q.sortOrder);
  const keyset = after ? [keysetAfter(q.sortField, q.sortOrder, after)] : [];
  const where = sql.join([sql`c.org_id = ${q.orgId}`, ...q.where, ...keyset], sql` and `);
  const { group, columns } = customerSortColumns(q.sortField);
  const sortKey = [...(group ? [group] : []), ...columns].map((c) => `(${c})::text`).join(', ');
  return sql`
    with page as materialized (
      select c.id from customer c ${q.joinContact ? PRIMARY_CONTACT : sql``}
      where ${where}
      order by ${order}
      limit ${limit}
    )
    select c.id, c.name, c.standing, c.amount_overdue, c.currency, c.n_invoices, c.due_date, c.last_chase_at,
           c.external_ref, pc.email as contact_email, array[${sql.raw(sortKey)}] as sort_key, tags.tags
    from page
    join customer c on c.id = page.id and c.org_id = ${q.orgId}
    ${PRIMARY_CONTACT}
    left join lateral (
      select string_agg(t.name, '; ' order by lower(t.name), t.id) as tags
      from customer_tag ct
      join tag t on t.id = ct.tag_id and t.org_id = ct.org_id
      where ct.org_id = ${q.orgId} and ct.customer_id = c.id
    ) tags on true
    order by ${order}
  `;
}

/**
 * Rows strictly after the cursor in the order of customerOrderBy: (columns…, id) all in the sort's
 * direction, nulls last both ways. The sort values come back as text and are bound untyped, so
 * PostgreSQL reads each as its column's own type (timestamps keep their microseconds).
 */
function keysetAfter(field: CustomerSortField, order: SortOrder, after: ExportCursor): SQL {
  const { group, columns, nullable } = customerSortColumns(field);
  const row = sql.raw(columns.join(', '));
  const op = sql.raw(order === 'asc' ? '>' : '<');
  const [groupKey, ...sortKey] = group ? after.sortKey : [null, ...after.sortKey];
  const [only] = sortKey;
  // Only single-column sorts have nulls, and they come after every value.
  if (nullable && only === null) return sql`(${row} is null and c.id ${op} ${after.id}::uuid)`;
  const keys = sql.join(sortKey.map((k) => sql`${k}`), sql`, `);
  const beyond = sql`(${row}, c.id) ${op} (${keys}, ${after.id}::uuid)`;
  if (group) {
    // The group ascends whatever the direction: later groups, or the same group further on.
    const column = sql.raw(group);
    return sql`(${column} > ${groupKey} or (${column} = ${groupKey} and ${beyond}))`;
  }
  return nullable ? sql`(${beyond} or ${row} is null)` : beyond;
}
