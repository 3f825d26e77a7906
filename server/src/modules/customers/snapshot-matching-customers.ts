import { CUSTOMER_BULK_MATCHING_MAX } from '@receivables/contracts';
import { sql } from 'drizzle-orm';

import type { Tx } from '../../db/client';
import { domainRule } from '../../errors/domain-errors';

import { PRIMARY_CONTACT } from './customer-query';
import type { CustomerMatch } from './find-customers';

/**
 * Keep on the job the ids, in id order, of every customer of the organisation the list's search
 * and filters match now, with the list's own predicates: one statement, no locks (each batch
 * locks its own). One past the cap is read so that too many is a 422 without counting twice; the
 * transaction then rolls back and nothing is kept. Returns how many.
 */
export async function snapshotMatchingCustomers(
  tx: Tx,
  job: { orgId: string; jobId: string },
  match: CustomerMatch,
  max = CUSTOMER_BULK_MATCHING_MAX,
): Promise<number> {
  const where = sql.join([sql`c.org_id = ${job.orgId}`, ...match.where], sql` and `);
  const result = await tx.execute<{ total: number }>(sql`
    with matched as (
      select c.id from customer c ${match.joinContact ? PRIMARY_CONTACT : sql``}
      where ${where}
      limit ${max + 1}
    )
    update customer_bulk_job
    set customer_ids = coalesce((select array_agg(id order by id) from matched), '{}'),
        total = (select count(*)::integer from matched)
    where org_id = ${job.orgId} and id = ${job.jobId}
    returning total`);
  const count = result.rows[0]?.total ?? 0;
  if (count > max) {
    const most = max.toLocaleString('en-GB');
    throw domainRule(`More than ${most} customers match; narrow the search or filters to act on at most ${most} at once`, 'matching', `matches more than ${most} customers`);
  }
  return count;
}
