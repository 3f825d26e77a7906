import { sql } from 'drizzle-orm';

import type { Tx } from '../../db/client';
import { uuidArray } from '../../db/uuid-array';
import { manyNotFound } from '../../errors/domain-errors';

// Both lock in id order, so two bulk actions (or batches of them) over overlapping customers cannot deadlock.

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
 * Lock one batch of a bulk job's customers (run-customer-bulk-job.ts); those deleted since the job was
 * accepted are left out. Returns the ids still there, in id order.
 */
export async function lockExistingCustomers(tx: Tx, orgId: string, ids: string[]): Promise<string[]> {
  const result = await tx.execute(sql`
    select id from customer where org_id = ${orgId} and id = any(${uuidArray(ids)}) order by id for update`);
  return (result.rows as { id: string }[]).map((r) => r.id);
}
