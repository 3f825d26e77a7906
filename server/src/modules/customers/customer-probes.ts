import { CUSTOMER_TOTAL_CAP, type CustomerFilter, type CustomerListQuery } from '@receivables/contracts';
import { type SQL, sql } from 'drizzle-orm';

import { pgArray } from '../../db/pg-arrays';

import { likePattern } from './customer-filter-sql';
import type { CustomerQuery } from './customer-query';

/** Runs one statement of the list (a transaction's `execute`, or the benchmark's raw client). */
export type RunStatement = (statement: SQL) => Promise<{ rows: unknown[] }>;

/** A probe's statement, and whether what it finds is exactly its criterion's matches or a superset of them. */
interface Probe {
  statement: SQL;
  exact: boolean;
}

/**
 * The list's criteria whose index row security keeps from the list's own statement, each as a
 * probe: a SECURITY DEFINER function that finds up to one more than CUSTOMER_TOTAL_CAP of the
 * organisation's matches through the index (migrations 0024 and 0029, decision 0029). In order:
 * the search box, a standing filter (`eq`, `in`), and a name `contains` filter, which asks the
 * search's probe: the name is search_text's first line, so it finds those names and perhaps some
 * addresses, which the list's own predicate on the name then leaves out.
 */
function probesOf(query: Pick<CustomerListQuery, 'q' | 'filter_str'>): Probe[] {
  const max = CUSTOMER_TOTAL_CAP + 1;
  const search = (text: string) => sql`select customer_search_ids(${likePattern(text)}, ${max}) as id`;
  const probes: Probe[] = [];
  if (query.q) probes.push({ statement: search(query.q), exact: true });
  for (const filter of query.filter_str ?? []) {
    const standings = standingsOf(filter);
    if (standings) probes.push({ statement: sql`select customer_standing_ids(${pgArray(standings)}::standing[], ${max}) as id`, exact: true });
    if (filter.field === 'name' && filter.operator === 'contains') probes.push({ statement: search(filter.value), exact: false });
  }
  return probes;
}

function standingsOf(filter: CustomerFilter): string[] | undefined {
  if (filter.field !== 'standing') return undefined;
  if (filter.operator === 'eq') return [filter.value];
  return filter.operator === 'in' ? filter.value : undefined;
}

/**
 * The list's query narrowed by its probes, asked one after another. The first to find no more
 * than the cap has found every match of its criterion: the page is read from those ids (key
 * lookups and a sort of at most a thousand rows), the other predicates still applied. A probe that
 * finds more means a common match, which the sort's index reaches sooner by walking past the rest;
 * and when an exact probe's criterion is the query's only one, it has shown the count is past the
 * cap, so nothing is counted again.
 */
export async function narrowByProbes(customerQuery: CustomerQuery, query: Pick<CustomerListQuery, 'q' | 'filter_str'>, run: RunStatement): Promise<CustomerQuery> {
  const criteria = (query.q ? 1 : 0) + (query.filter_str?.length ?? 0);
  for (const probe of probesOf(query)) {
    const found = (await run(probe.statement)).rows.map((row) => (row as { id: string }).id);
    if (found.length <= CUSTOMER_TOTAL_CAP) return { ...customerQuery, where: [...customerQuery.where, sql`c.id = any(${pgArray(found)}::uuid[])`] };
    if (probe.exact && criteria === 1) return { ...customerQuery, knownCount: found.length };
  }
  return customerQuery;
}
