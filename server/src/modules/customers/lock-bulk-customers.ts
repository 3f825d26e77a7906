import { CUSTOMER_BULK_MATCHING_MAX } from '@receivables/contracts';
import { sql } from 'drizzle-orm';

import type { Tx } from '../../db/client';
import { uuidArray } from '../../db/uuid-array';
import { domainRule, manyNotFound } from '../../errors/domain-errors';

import { PRIMARY_CONTACT } from './customer-query';
import type { CustomerMatch } from './find-customers';

// Both lock in id order, so two bulk actions over overlapping customers cannot deadlock.

/** Lock the named customers; any id not in the organisation is NOT_FOUND naming it. */
export async function lockNamedCustomers(tx: Tx, orgId: string, ids: string[]): Promise<string[]> {
  const result = await tx.execute(sql`
    select id from customer where org_id = ${orgId} and id = any(${uuidArray(ids)}) order by id for update`);
  const found = new Set((result.rows as { id: string }[]).map((r) => r.id));
  const normalised = ids.map((id) => id.toLowerCase());
  const missing = normalised.flatMap((id, index) => (found.has(id) ? [] : [{ field: `customer_ids[${index}]`, reason: `no such customer in this organisation: ${id}` }]));
  if (missing.length > 0) throw manyNotFound('Customer', 'customers', missing);
  return normalised;
}

/**
 * Lock every customer of the organisation the list's search and filters match, with the list's
 * own predicates. One past the cap is read so that too many is a 422 without counting twice;
 * the transaction then rolls back and the locks go with it.
 */
export async function lockMatchingCustomers(
  tx: Tx,
  orgId: string,
  match: CustomerMatch,
  max = CUSTOMER_BULK_MATCHING_MAX,
): Promise<string[]> {
  const where = sql.join([sql`c.org_id = ${orgId}`, ...match.where], sql` and `);
  const result = await tx.execute(sql`
    select c.id from customer c ${match.joinContact ? PRIMARY_CONTACT : sql``}
    where ${where}
    order by c.id
    limit ${max + 1}
    for update of c`);
  const ids = (result.rows as { id: string }[]).map((r) => r.id);
  if (ids.length > max) {
    const most = max.toLocaleString('en-GB');
    throw domainRule(`More than ${most} customers match; narrow the search or filters to act on at most ${most} at once`, 'matching', `matches more than ${most} customers`);
  }
  return ids;
}
