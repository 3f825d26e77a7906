import { type CustomerListQuery, type CustomerListResponse, parseCustomerFilterStr } from '@receivables/contracts';
import { sql } from 'drizzle-orm';

import { type Db, withOrg } from '../../db/client';
import { AppError } from '../../errors/app-error';

import { filterToSql, likePattern } from './customer-filter-sql';
import { type CustomerQuery, queryCustomers } from './customer-query';
import { toCustomer } from './customer-row';

/** A page of the organisation's customers, filtered, searched and sorted (docs/api-conventions.md). */
export async function findCustomers(deps: { db: Db; orgId: string }, query: CustomerListQuery): Promise<CustomerListResponse> {
  const customerQuery = toCustomerQuery(deps.orgId, query);
  const { rows, total } = await withOrg(deps.db, deps.orgId, (tx) => queryCustomers(tx, customerQuery));
  return { rows: rows.map(toCustomer), total };
}

/** The predicates of a search and filters, and whether they need the primary contact joined. */
export type CustomerMatch = Pick<CustomerQuery, 'where' | 'joinContact'>;

/** Check a list query's filters and turn it into SQL predicates; a bad filter is a 400. */
export function toCustomerQuery(orgId: string, query: CustomerListQuery): CustomerQuery {
  return {
    orgId,
    ...toCustomerMatch(query),
    sortField: query.sort_field,
    sortOrder: query.sort_order,
    limit: query.limit,
    offset: query.offset,
  };
}

/**
 * The list's search and filters as SQL predicates over `c` and `pc`, shared by the list, the
 * export and bulk actions over every match. A bad filter is a 400 naming each offending part,
 * its field prefixed with `fieldPrefix` (such as `matching.`) when the filter sits in a body.
 */
export function toCustomerMatch(query: Pick<CustomerListQuery, 'q' | 'filter_str'>, fieldPrefix = ''): CustomerMatch {
  const parsed = parseCustomerFilterStr(query.filter_str);
  if (!parsed.ok) {
    const issues = parsed.issues.map((i) => ({ ...i, field: `${fieldPrefix}${i.field}` }));
    throw new AppError('VALIDATION_FAILED', `${fieldPrefix}filter_str is not valid`, issues);
  }
  const where = parsed.filters.map(filterToSql);
  if (query.q) {
    const pattern = likePattern(query.q);
    where.push(sql`(lower(c.name) like ${pattern} or lower(pc.email) like ${pattern})`);
  }
  return { where, joinContact: Boolean(query.q) || parsed.filters.some((f) => f.field === 'contact_email') };
}
