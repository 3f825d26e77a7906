import type { CustomerDetail } from '@receivables/contracts';
import { sql } from 'drizzle-orm';

import { type DbOrTx, withOrg } from '../../db/client';
import { notFound } from '../../errors/domain-errors';
import { readOrganisationToday } from '../../org/organisation-today';

import { queryCustomers } from './customer-query';
import { iso, toCustomer } from './customer-row';
import { readCustomerBalance } from './read-customer-balance';
import { readCustomerCredit } from './read-customer-credit';

/**
 * One customer of the caller's organisation with its balance as of the organisation's today (or
 * `today`, for a caller that has already read it); another organisation's is simply not found.
 */
export async function getCustomer(deps: { db: DbOrTx; orgId: string; today?: string }, id: string): Promise<CustomerDetail> {
  return withOrg(deps.db, deps.orgId, async (tx) => {
    const { rows } = await queryCustomers(tx, {
      orgId: deps.orgId,
      where: [sql`c.id = ${id}`],
      joinContact: false,
      sortField: 'name',
      sortOrder: 'asc',
      limit: 1,
      offset: 0,
    });
    const row = rows[0];
    if (!row) throw notFound('Customer');
    const today = deps.today ?? (await readOrganisationToday(tx, deps.orgId));
    const { balance, underlyingStanding } = await readCustomerBalance(tx, deps.orgId, id, today);
    // Why the system paused it is shown only while it is paused (a resume leaves the columns as they were).
    const paused = row.standing === 'paused';
    return {
      ...toCustomer(row),
      balance,
      underlying_standing: underlyingStanding,
      pause_reason: paused ? row.pause_reason : null,
      pause_event_id: paused ? row.pause_event_id : null,
      stripe_deleted_at: row.stripe_deleted_at ? iso(row.stripe_deleted_at) : null,
      credit: await readCustomerCredit(tx, deps.orgId, id),
    };
  });
}
