import { and, eq } from 'drizzle-orm';

import type { Tx } from '../../db/client';
import { customer } from '../../db/schema';
import { notFound } from '../../errors/domain-errors';

export type CustomerRecord = typeof customer.$inferSelect;

/**
 * The organisation's customer `id`, locked for update when `lock` (writers that read then
 * write it); another organisation's or an unknown id is NOT_FOUND.
 */
export async function requireCustomer(
  tx: Tx,
  orgId: string,
  id: string,
  options: { lock?: boolean; field?: string } = {},
): Promise<CustomerRecord> {
  const query = tx.select().from(customer).where(and(eq(customer.orgId, orgId), eq(customer.id, id)));
  const [row] = await (options.lock ? query.for('update') : query);
  if (!row) throw notFound('Customer', options.field);
  return row;
}
