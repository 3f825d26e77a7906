import {
  type CustomerCursor,
  type CustomerFilter,
  type CustomerListQuery,
  type CustomerListResponse,
  encodeCustomerCursor,
} from '@receivables/contracts';
import { sql } from 'drizzle-orm';

import { type Db, withOrg } from '../../db/client';
import { AppError } from '../../errors/app-error';
import { readOrganisationSettings } from '../../org/read-organisation-settings';

import { filterToSql, likePattern } from './customer-filter-sql';
import { narrowByProbes } from './customer-probes';
import { type CustomerQuery, queryCustomers } from './customer-query';
import { toCustomer } from './customer-row';
import { customerSortColumns, isSortKeyOf, type SortPosition } from './customer-sort';

/** A page of the organisation's customers, filtered, searched and sorted (docs/api-conventions.md). */
export async function findCustomers(deps: { db: Db; orgId: string }, query: CustomerListQuery): Promise<CustomerListResponse> {
  const { rows, total, capped } = await withOrg(deps.db, deps.orgId, async (tx) => {
    // The organisation's currency leads the amount sort (decision 0013); a bad cursor is refused before the list is read.
    const { default_currency: lead } = await readOrganisationSettings(tx, deps.orgId);
    const customerQuery = toCustomerQuery(deps.orgId, query, lead);
    return queryCustomers(tx, await narrowByProbes(customerQuery, query, (statement) => tx.execute(statement)));
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

/**
 * A list query (its filters already parsed and checked by the route's schema) as a customer query.
 * `leadCurrency` (the organisation's default currency) leads the amount sort; a cursor keeps the
 * one it was handed out under, so following it never skips or repeats a customer when the
 * setting changes mid-walk.
 */
export function toCustomerQuery(orgId: string, query: CustomerListQuery, leadCurrency?: string): CustomerQuery {
  const after = query.after ? cursorPosition(query, query.after) : undefined;
  const lead = after && customerSortColumns(query.sort_field).group ? (after.sortKey[0] ?? undefined) : leadCurrency;
  const currencies = currenciesOf(query.filter_str ?? []);
  return {
    orgId,
    ...toCustomerMatch(query),
    sortField: query.sort_field,
    sortOrder: query.sort_order,
    ...(lead === undefined ? {} : { leadCurrency: lead }),
    ...(currencies ? { currencies } : {}),
    limit: query.limit,
    offset: query.offset,
    ...(after ? { after } : {}),
  };
}

/** The only currencies the filters let through (a currency `eq`/`in`, an amount in a currency), when any pins them. */
function currenciesOf(filters: readonly CustomerFilter[]): string[] | undefined {
  let allowed: string[] | undefined;
  for (const filter of filters) {
    const pinned = filter.field === 'currency' ? pinnedCurrencies(filter) : filter.field === 'amount_overdue' && filter.currency ? [filter.currency] : undefined;
    if (pinned) allowed = allowed ? allowed.filter((code) => pinned.includes(code)) : [...pinned];
  }
  return allowed;
}

function pinnedCurrencies(filter: Extract<CustomerFilter, { field: 'currency' }>): string[] | undefined {
  if (filter.operator === 'in') return filter.value;
  return filter.operator === 'eq' ? [filter.value] : undefined;
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
