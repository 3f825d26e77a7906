import type { CustomerSortField, SortOrder } from '@receivables/contracts';
import { type SQL, sql } from 'drizzle-orm';

import type { Tx } from '../../db/client';

import type { CustomerSqlRow } from './customer-row';

const SORT_EXPRESSION: Record<CustomerSortField, string> = {
  // lower(name) matches the (org_id, lower(name), id) index and sorts the way people read.
  name: 'lower(c.name)',
  currency: 'c.currency',
  standing: 'c.standing',
  amount_overdue: 'c.amount_overdue',
  n_invoices: 'c.n_invoices',
  due_date: 'c.due_date',
  last_chase_at: 'c.last_chase_at',
  created_at: 'c.created_at',
};

export interface CustomerQuery {
  orgId: string;
  where: SQL[];
  sortField: CustomerSortField;
  sortOrder: SortOrder;
  limit: number;
  offset: number;
}

/**
 * One statement for a page of customers and the total count: the matching customers (joined to
 * their primary contact, which filters and `q` may look at), counted once, then the requested page
 * with its tags aggregated. Nulls sort last and `id` breaks ties so paging is stable. When the
 * page is past the end, a single row carries the total with a null id.
 */
export async function queryCustomers(tx: Tx, q: CustomerQuery): Promise<{ rows: CustomerSqlRow[]; total: number }> {
  const order = sql.raw(`${SORT_EXPRESSION[q.sortField]} ${q.sortOrder === 'asc' ? 'asc' : 'desc'} nulls last, c.id asc`);
  const where = sql.join([sql`c.org_id = ${q.orgId}`, ...q.where], sql` and `);
  const result = await tx.execute(sql`
    with matches as (
      select c.*, pc.id as contact_id, pc.name as contact_name, pc.email as contact_email,
             pc.phone as contact_phone, pc.role as contact_role
      from customer c
      left join contact pc on pc.customer_id = c.id and pc.role = 'primary' and pc.org_id = c.org_id
      where ${where}
    ),
    counted as (select count(*)::integer as total from matches),
    page as (
      select c.*, row_number() over (order by ${order}) as ordinal
      from matches c
      order by ${order}
      limit ${q.limit} offset ${q.offset}
    )
    select counted.total, p.id, p.name, p.currency, p.standing, p.standing_since, p.paused_until,
           p.workflow_id, p.last_chase_at, p.amount_overdue, p.n_invoices, p.due_date, p.external_ref,
           p.created_at, p.updated_at, p.contact_id, p.contact_name, p.contact_email, p.contact_phone,
           p.contact_role, tags.tags
    from counted
    left join page p on true
    left join lateral (
      select json_agg(json_build_object('id', t.id, 'name', t.name, 'colour', t.colour) order by lower(t.name), t.id) as tags
      from customer_tag ct
      join tag t on t.id = ct.tag_id and t.org_id = ct.org_id
      where ct.org_id = ${q.orgId} and ct.customer_id = p.id
    ) tags on p.id is not null
    order by p.ordinal
  `);
  // The total rides on every row; past the last page a single row carries it with a null id.
  const raw = result.rows as unknown as (Omit<CustomerSqlRow, 'id'> & { id: string | null; total: number })[];
  const rows = raw.filter((r): r is CustomerSqlRow & { total: number } => r.id !== null);
  return { rows, total: raw[0]?.total ?? 0 };
}
