import type { CustomerFilter, CustomerFilterField, FilterScalar } from '@receivables/contracts';
import { type SQL, sql } from 'drizzle-orm';

// Column expressions over the aliases of customer-query.ts: `c` the customer, `pc` its primary
// contact. Values are always bound parameters; only these fixed fragments are raw SQL.
const COLUMN: Record<Exclude<CustomerFilterField, 'tag_id'>, SQL> = {
  name: sql.raw('c.name'),
  currency: sql.raw('c.currency'),
  standing: sql.raw('c.standing'),
  amount_overdue: sql.raw('c.amount_overdue'),
  n_invoices: sql.raw('c.n_invoices'),
  due_date: sql.raw('c.due_date'),
  last_chase_at: sql.raw('c.last_chase_at'),
  workflow_id: sql.raw('c.workflow_id'),
  contact_email: sql.raw('pc.email'),
};

const COMPARISON = { eq: '=', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

/** Escape LIKE wildcards so user text matches literally. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

/** One parsed `filter_str` item as a SQL predicate; an amount also pins its currency. */
export function filterToSql(filter: CustomerFilter): SQL {
  const predicate = valuePredicate(filter);
  return filter.currency ? sql`(c.currency = ${filter.currency} and ${predicate})` : predicate;
}

function valuePredicate(filter: CustomerFilter): SQL {
  const { field, operator, value } = filter;
  if (field === 'tag_id') return tagPredicate(operator, value);

  // Emails compare case-insensitively; they are addresses, not display text.
  const caseless = field === 'contact_email';
  const col = caseless ? sql`lower(${COLUMN[field]})` : COLUMN[field];
  const bind = (v: FilterScalar) => (caseless && typeof v === 'string' ? sql`lower(${v})` : sql`${v}`);

  if (value === null) return operator === 'eq' ? sql`${col} is null` : sql`${col} is not null`;
  if (Array.isArray(value)) {
    return sql`${col} in (${sql.join(value.map(bind), sql`, `)})`;
  }
  switch (operator) {
    case 'contains':
      return sql`lower(${COLUMN[field]}) like ${likePattern(String(value))}`;
    case 'ne':
      // "Not X" includes the empty ones: a customer without a due date is not due on X.
      return sql`${col} is distinct from ${bind(value)}`;
    case 'in':
      return sql`${col} = ${bind(value)}`;
    default:
      return sql`${col} ${sql.raw(COMPARISON[operator])} ${bind(value)}`;
  }
}

function tagPredicate(operator: CustomerFilter['operator'], value: CustomerFilter['value']): SQL {
  const values = Array.isArray(value) ? value : [value];
  const hasTag = sql`exists (select 1 from customer_tag ct where ct.org_id = c.org_id and ct.customer_id = c.id and ct.tag_id in (${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}))`;
  return operator === 'ne' ? sql`not ${hasTag}` : hasTag;
}
