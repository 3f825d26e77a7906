import type { CustomerFilter } from '@receivables/contracts';
import { type SQL, sql } from 'drizzle-orm';

import { CHASE_STOPPED_REASON } from './chase-stopped-sql';

/** A filter on a column of the customer or its primary contact (a tag is a join of its own). */
type ColumnFilter = Exclude<CustomerFilter, { field: 'tag_id' }>;

// Column expressions over the aliases of customer-query.ts: `c` the customer, `pc` its primary
// contact. Values are always bound parameters; only these fixed fragments are raw SQL.
const COLUMN: Record<ColumnFilter['field'], SQL> = {
  name: sql.raw('c.name'),
  currency: sql.raw('c.currency'),
  standing: sql.raw('c.standing'),
  amount_overdue: sql.raw('c.amount_overdue'),
  n_invoices: sql.raw('c.n_invoices'),
  due_date: sql.raw('c.due_date'),
  last_chase_at: sql.raw('c.last_chase_at'),
  workflow_id: sql.raw('c.workflow_id'),
  contact_email: sql.raw('pc.email'),
  chase_stopped: CHASE_STOPPED_REASON,
  pause_reason: sql.raw('c.pause_reason'),
  paused_until: sql.raw('c.paused_until'),
};

const COMPARISON = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

/** Escape LIKE wildcards so user text matches literally. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

/**
 * One filter, as the contracts' schema parsed it (field, operator and value already agree), as a
 * SQL predicate; an amount also pins its currency.
 */
export function filterToSql(filter: CustomerFilter): SQL {
  const predicate = filter.field === 'tag_id' ? tagPredicate(filter) : filter.field === 'chase_stopped' ? chaseStoppedPredicate(filter) : columnPredicate(filter);
  return filter.currency ? sql`(c.currency = ${filter.currency} and ${predicate})` : predicate;
}

function columnPredicate(filter: ColumnFilter): SQL {
  // Emails compare case-insensitively; they are addresses, not display text.
  const caseless = filter.field === 'contact_email';
  const col = caseless ? sql`lower(${COLUMN[filter.field]})` : COLUMN[filter.field];
  const bind = (v: string | number) => (caseless && typeof v === 'string' ? sql`lower(${v})` : sql`${v}`);

  switch (filter.operator) {
    case 'in':
      return sql`${col} in (${sql.join(filter.value.map(bind), sql`, `)})`;
    case 'contains':
      // The name alone: row security keeps LIKE out of this statement's index scans, and a second
      // LIKE on search_text (whose trigram index the list's probe reads, customer-probes.ts) only
      // made the planner think a common word rare, so it fetched every match to sort them.
      return sql`lower(${COLUMN[filter.field]}) like ${likePattern(filter.value)}`;
    case 'eq':
      return filter.value === null ? sql`${col} is null` : sql`${col} = ${bind(filter.value)}`;
    case 'ne':
      // "Not X" includes the empty ones: a customer without a due date is not due on X.
      return filter.value === null ? sql`${col} is not null` : sql`${col} is distinct from ${bind(filter.value)}`;
    default:
      return sql`${col} ${sql.raw(COMPARISON[filter.operator])} ${bind(filter.value)}`;
  }
}

/**
 * A stop's reason (decision 0039). Any but "not stopped" also says, in the partial index's own
 * terms, that a stop is recorded and its time has come: the few such customers are then read by
 * customer_org_chase_stops_at_idx rather than found by walking the whole list.
 */
function chaseStoppedPredicate(filter: Extract<CustomerFilter, { field: 'chase_stopped' }>): SQL {
  const predicate = columnPredicate(filter);
  if (filter.operator === 'eq' && filter.value === null) return predicate;
  return sql`(c.chase_stop_reason is not null and c.chase_stops_at <= now() and ${predicate})`;
}

function tagPredicate(filter: Extract<CustomerFilter, { field: 'tag_id' }>): SQL {
  const values = filter.operator === 'in' ? filter.value : [filter.value];
  const hasTag = sql`exists (select 1 from customer_tag ct where ct.org_id = c.org_id and ct.customer_id = c.id and ct.tag_id in (${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}))`;
  return filter.operator === 'ne' ? sql`not ${hasTag}` : hasTag;
}
