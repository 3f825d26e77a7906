import {
  type CustomerCursor,
  type CustomerListQuery,
  type CustomerListResponse,
  encodeCustomerCursor,
} from '@receivables/contracts';
import { sql } from 'drizzle-orm';

import { type Db, withOrg } from '../../db/client';
import { AppError } from '../../errors/app-error';

import { filterToSql, likePattern } from './customer-filter-sql';
import { narrowByProbes } from './customer-probes';
import { type CustomerQuery, queryCustomers } from './customer-query';
import { toCustomer } from './customer-row';
import { isSortKeyOf, type SortPosition } from './customer-sort';

/** A page of the organisation's customers, filtered, searched and sorted (docs/api-conventions.md). */
export async function findCustomers(deps: { db: Db; orgId: string }, query: CustomerListQuery): Promise<CustomerListResponse> {
  const customerQuery = toCustomerQuery(deps.orgId, query);
  const { rows, total, capped } = await withOrg(deps.db, deps.orgId, async (tx) =>
    queryCustomers(tx, await narrowByProbes(customerQuery, query, (statement) => tx.execute(statement))),
  );
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
