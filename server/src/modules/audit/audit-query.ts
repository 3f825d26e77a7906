import type { AuditCursor, AuditExportQuery } from '@receivables/contracts';
import { type SQL, sql } from 'drizzle-orm';

import type { Tx } from '../../db/client';

/** One entry as the statement reads it (snake_case, as PostgreSQL returns it). */
export interface AuditSqlRow {
  id: string;
  /** drizzle hands timestamps of raw statements back as text. */
  at: Date | string;
  /** `at` to the microsecond in UTC, for the cursor: a JS Date would lose the last three digits. */
  at_key: string;
  actor_id: string | null;
  action: string;
  entity: string;
  entity_id: string;
  customer_id: string | null;
  customer_name: string | null;
  /** The customer's currency: the entry's amounts are in it when they do not say (an invoice's change). */
  customer_currency: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/**
 * The filters as SQL over `audit_log a` (docs/api-conventions.md, Audit log): `system` is the
 * product's own entries; an action ending with a dot is a prefix; `from`/`to` are whole days of
 * the organisation's zone, as Activity reads them.
 */
export function auditFilterSql(orgId: string, query: AuditExportQuery, timeZone: string): SQL {
  // Midnight of a day in the organisation's zone (a day is not always 24 hours: summer time).
  const startOf = (day: string, plus = 0) => sql`((${day}::date + ${plus}::integer)::timestamp at time zone ${timeZone})`;
  const where: SQL[] = [sql`a.org_id = ${orgId}`];
  if (query.actor_id === 'system') where.push(sql`a.actor_id is null`);
  else if (query.actor_id) where.push(sql`a.actor_id = ${query.actor_id}`);
  if (query.action?.endsWith('.')) where.push(sql`starts_with(a.action, ${query.action})`);
  else if (query.action) where.push(sql`a.action = ${query.action}`);
  if (query.entity) where.push(sql`a.entity = ${query.entity}`);
  if (query.customer_id) where.push(sql`a.customer_id = ${query.customer_id}`);
  if (query.from) where.push(sql`a.at >= ${startOf(query.from)}`);
  // Up to the end of the `to` day: before the start of the next one.
  if (query.to) where.push(sql`a.at < ${startOf(query.to, 1)}`);
  return sql.join(where, sql` and `);
}

/**
 * The next `limit` entries after `after`, newest first. Keyset paging on (at, id) walks
 * audit_log_org_at_idx backwards, so a page deep in a year of entries costs what the first does.
 * The page is cut before its customers are read, each by its key (decision 0041): joined first,
 * the planner read every customer of the organisation for a page of 26 entries.
 */
export function auditPageSql(filter: SQL, after: AuditCursor | undefined, limit: number): SQL {
  const keyset = after ? sql`and (a.at, a.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``;
  return sql`
    select p.*, c.name as customer_name, c.currency as customer_currency
    from (
      select a.id, a.org_id, a.at, to_char(a.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at_key,
             a.actor_id, a.action, a.entity, a.entity_id, a.customer_id, a.before, a.after
      from audit_log a
      where ${filter} ${keyset}
      order by a.at desc, a.id desc
      limit ${limit}
    ) p
    -- limit 1 keeps it a lookup per entry: flattened into a join, the planner may read them all.
    left join lateral (select c.name, c.currency from customer c where c.org_id = p.org_id and c.id = p.customer_id limit 1) c on true
    order by p.at desc, p.id desc
  `;
}

/** The page {@link auditPageSql} reads. */
export async function readAuditPage(tx: Tx, filter: SQL, after: AuditCursor | undefined, limit: number): Promise<AuditSqlRow[]> {
  const result = await tx.execute(auditPageSql(filter, after, limit));
  return result.rows as unknown as AuditSqlRow[];
}

/** How many entries the filter matches in all. */
export async function countAuditEntries(tx: Tx, filter: SQL): Promise<number> {
  const result = await tx.execute<{ n: number }>(sql`select count(*)::integer as n from audit_log a where ${filter}`);
  return result.rows[0]?.n ?? 0;
}
