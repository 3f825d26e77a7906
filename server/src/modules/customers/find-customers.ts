import type { CustomerListQuery, CustomerListResponse } from '@receivables/contracts';
import { sql } from 'drizzle-orm';

import { type Db, withOrg } from '../../db/client';

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

/** A list query (its filters already parsed and checked by the route's schema) as a customer query. */
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
 * export and bulk actions over every match. The filters arrive typed: the route's schema
 * (`customerFilterStrSchema`) has already refused a bad one with a 400 naming it.
 */
export function toCustomerMatch(query: Pick<CustomerListQuery, 'q' | 'filter_str'>): CustomerMatch {
  const filters = query.filter_str ?? [];
  const where = filters.map(filterToSql);
  if (query.q) {
    const pattern = likePattern(query.q);
    where.push(sql`(lower(c.name) like ${pattern} or lower(pc.email) like ${pattern})`);
  }
  return { where, joinContact: Boolean(query.q) || filters.some((f) => f.field === 'contact_email') };
}
