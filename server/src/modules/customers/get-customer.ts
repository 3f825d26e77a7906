import type { Customer } from '@receivables/contracts';
import { sql } from 'drizzle-orm';

import { type DbOrTx, withOrg } from '../../db/client';
import { notFound } from '../../errors/domain-errors';

import { queryCustomers } from './customer-query';
import { toCustomer } from './customer-row';

/** One customer of the caller's organisation; another organisation's is simply not found. */
export async function getCustomer(deps: { db: DbOrTx; orgId: string }, id: string): Promise<Customer> {
  const { rows } = await withOrg(deps.db, deps.orgId, (tx) =>
    queryCustomers(tx, { orgId: deps.orgId, where: [sql`c.id = ${id}`], joinContact: false, sortField: 'name', sortOrder: 'asc', limit: 1, offset: 0 }),
  );
  const row = rows[0];
  if (!row) throw notFound('Customer');
  return toCustomer(row);
}
