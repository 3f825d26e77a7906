import {
  CUSTOMER_TOTAL_CAP,
  type CustomerCursor,
  type CustomerListQuery,
  type CustomerListResponse,
  encodeCustomerCursor,
} from '@receivables/contracts';
import { type SQL, sql } from 'drizzle-orm';

import { type Db, withOrg } from '../../db/client';
import { pgArray } from '../../db/pg-arrays';
import { AppError } from '../../errors/app-error';

import { filterToSql, likePattern } from './customer-filter-sql';
import { type CustomerQuery, queryCustomers } from './customer-query';
import { toCustomer } from './customer-row';
import { isSortKeyOf, type SortPosition } from './customer-sort';

/** A page of the organisation's customers, filtered, searched and sorted (docs/api-conventions.md). */
export async function findCustomers(deps: { db: Db; orgId: string }, query: CustomerListQuery): Promise<CustomerListResponse> {
  const customerQuery = toCustomerQuery(deps.orgId, query);
  const { rows, total, capped } = await withOrg(deps.db, deps.orgId, async (tx) => {
    if (!query.q) return queryCustomers(tx, customerQuery);
    const found = await tx.execute<{ id: string }>(searchProbeSql(query.q));
    return queryCustomers(tx, withSearchProbe(customerQuery, query, found.rows.map((r) => r.id)));
  });
  // A full page may have more after it; a short one is the last.
  const last = rows.length === query.limit ? rows.at(-1) : undefined;
  const next = last
    ? encodeCustomerCursor({ sort_field: query.sort_field, sort_order: query.sort_order, key: last.sort_key, id: last.id })
    : null;
  return { rows: rows.map(toCustomer), total, total_capped: capped, next_cursor: next };
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
    ...(query.after ? { after: cursorPosition(query, query.after) } : {}),
  };
}

/** The `after` cursor's position, refused when it was handed out for another sort (its values would not fit). */
function cursorPosition({ sort_field: field, sort_order: order }: CustomerListQuery, after: CustomerCursor): SortPosition {
  if (after.sort_field !== field || after.sort_order !== order) {
    throw new AppError('VALIDATION_FAILED', 'The cursor belongs to another sort', [
      { field: 'after', reason: `was handed out for ${after.sort_field} ${after.sort_order}, not ${field} ${order}` },
    ]);
  }
  if (!isSortKeyOf(field, after.key)) {
    throw new AppError('VALIDATION_FAILED', 'The cursor is not one this list handed out', [
      { field: 'after', reason: 'holds values this sort cannot have' },
    ]);
  }
  return { sortKey: after.key, id: after.id };
}

/**
 * The list's search and filters as SQL predicates over `c` and `pc`, shared by the list, the
 * export and bulk actions over every match. The filters arrive typed: the route's schema
 * (`customerFilterStrSchema`) has already refused a bad one with a 400 naming it.
 */
export function toCustomerMatch(query: Pick<CustomerListQuery, 'q' | 'filter_str'>): CustomerMatch {
  const filters = query.filter_str ?? [];
  const where = filters.map(filterToSql);
  // The name and primary address in one trigram-indexed column (migration 0024, decision 0029).
  if (query.q) where.push(sql`c.search_text like ${likePattern(query.q)}`);
  return { where, joinContact: filters.some((f) => f.field === 'contact_email') };
}

/**
 * The first step of a search: up to one more than CUSTOMER_TOTAL_CAP of the customers it finds,
 * through customer_search_ids (migration 0024), which can read the trigram index where row
 * security keeps the list's own statement from it (decision 0029).
 */
export function searchProbeSql(q: string): SQL {
  return sql`select customer_search_ids(${likePattern(q)}, ${CUSTOMER_TOTAL_CAP + 1}) as id`;
}

/**
 * The list's query once the probe has answered. Up to the cap, the page is read from those ids
 * (primary-key lookups and a sort of at most a thousand rows). More, and the word is common enough
 * that walking the sort's index past non-matches reaches a page sooner; and with no other filter the
 * probe has already shown there are more than the cap, so nothing is counted.
 */
export function withSearchProbe(customerQuery: CustomerQuery, query: CustomerListQuery, found: string[]): CustomerQuery {
  if (found.length <= CUSTOMER_TOTAL_CAP) return { ...customerQuery, where: [...customerQuery.where, sql`c.id = any(${pgArray(found)}::uuid[])`] };
  return query.filter_str?.length ? customerQuery : { ...customerQuery, knownCount: found.length };
}
