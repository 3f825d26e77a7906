import type { CustomerDetail } from '@receivables/contracts';
import { and, eq, sql } from 'drizzle-orm';

import { withOrg } from '../../db/client';
import { customer } from '../../db/schema';
import type { OrgScope } from '../../org/org-scope';
import { readOrganisationToday } from '../../org/organisation-today';
import { recordAudit } from '../../org/record-audit';
import { reconcileCustomers } from '../scheduling/reconcile-customers';

import { getCustomer } from './get-customer';
import { refreshCustomerFigures } from './refresh-customer-figures';
import { requireCustomer } from './require-customer';

/**
 * End a pause now: the standing is recomputed from the invoices. Resuming a customer that is not
 * paused changes nothing (bulk actions may include some).
 */
export async function resumeCustomer(deps: OrgScope & { today?: string }, id: string): Promise<CustomerDetail> {
  return withOrg(deps.db, deps.orgId, async (tx) => {
    const current = await requireCustomer(tx, deps.orgId, id, { lock: true });
    if (current.standing !== 'paused') return getCustomer({ db: tx, orgId: deps.orgId }, id);
    const today = deps.today ?? (await readOrganisationToday(tx, deps.orgId));
    // A pause that ended yesterday: refresh_customer_figures ends it exactly as it ends an
    // expired one (standing from the invoices, paused_until cleared, no system transition).
    await tx
      .update(customer)
      .set({ pausedUntil: sql`${today}::date - 1` })
      .where(and(eq(customer.orgId, deps.orgId), eq(customer.id, id)));
    await refreshCustomerFigures(tx, deps.orgId, { customerIds: [id], today });
    // A new episode starts: its workflow plans from the first step (decision 0018).
    await reconcileCustomers(tx, deps.orgId, [id], new Date());
    const resumed = await getCustomer({ db: tx, orgId: deps.orgId, today }, id);
    await recordAudit(tx, deps, {
      action: 'customer.resume',
      entity: 'customer',
      entityId: id,
      customerId: id,
      before: { standing: 'paused', paused_until: current.pausedUntil },
      after: { standing: resumed.standing, paused_until: null },
    });
    return resumed;
  });
}
