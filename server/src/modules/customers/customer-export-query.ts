import type { Standing } from '@receivables/contracts';
import { type SQL, sql } from 'drizzle-orm';

import type { Tx } from '../../db/client';

import { type CustomerQuery, pageIdsSql, PRIMARY_CONTACT } from './customer-query';
import { customerOrderBy, customerSortKey, type SortPosition } from './customer-sort';

/** Where the previous batch ended. */
export type ExportCursor = SortPosition;

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
  const order = customerOrderBy(q.sortField, q.sortOrder, q.leadCurrency);
  return sql`
    with page as materialized (${pageIdsSql({ ...q, ...(after ? { after } : {}) }, limit, 0)})
    select c.id, c.name, c.standing, c.amount_overdue, c.currency, c.n_invoices, c.due_date, c.last_chase_at,
           c.external_ref, pc.email as contact_email, ${customerSortKey(q.sortField, q.leadCurrency)} as sort_key, tags.tags
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
