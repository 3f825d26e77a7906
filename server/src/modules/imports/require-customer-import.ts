import { and, eq } from 'drizzle-orm';

import type { Tx } from '../../db/client';
import { customerImport } from '../../db/schema';
import { notFound } from '../../errors/domain-errors';

import type { CustomerImportRecord } from './customer-import-record';

/** The organisation's import `id` (locked for update when `lock`); unknown or another's is NOT_FOUND. */
export async function requireCustomerImport(
  tx: Tx,
  orgId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<CustomerImportRecord> {
  const query = tx.select().from(customerImport).where(and(eq(customerImport.orgId, orgId), eq(customerImport.id, id)));
  const [row] = await (options.lock ? query.for('update') : query);
  if (!row) throw notFound('Import');
  return row;
}
