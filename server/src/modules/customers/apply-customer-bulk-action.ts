import type { CustomerBulkAction, CustomerBulkResult } from '@receivables/contracts';
import { sql } from 'drizzle-orm';

import { type Tx, withOrg } from '../../db/client';
import { uuidArray } from '../../db/uuid-array';
import { AppError } from '../../errors/app-error';
import { type AuditEntry, recordAudits, type WriteDeps } from '../audit/record-audit';

import { addTagToCustomers, removeTagFromCustomers } from './bulk-customer-tags';
import { assignWorkflowToCustomers, pauseCustomers, resumeCustomers } from './bulk-customer-updates';
import { requirePauseEndInFuture } from './pause-customer';

/**
 * Apply one action to many customers in one transaction, each step a set-based statement. Any id
 * not in the organisation is CUSTOMER_NOT_FOUND naming it, and nothing is applied. The answer
 * lists the customers that changed; each gets one audit entry, as the single-customer endpoint
 * would write it.
 */
export async function applyCustomerBulkAction(
  deps: WriteDeps & { today?: string },
  input: CustomerBulkAction,
): Promise<CustomerBulkResult> {
  const { action } = input;
  if (action.type === 'pause') requirePauseEndInFuture(action.until, deps.today, 'action.until');
  return withOrg(deps.db, deps.orgId, async (tx) => {
    const ids = await lockCustomers(tx, deps.orgId, input.customer_ids);
    const entries = await runAction(tx, deps, ids, action);
    await recordAudits(tx, deps, entries);
    const changed = new Set(entries.map((e) => e.entityId));
    const customerIds = ids.filter((id) => changed.has(id));
    return { updated: customerIds.length, customer_ids: customerIds };
  });
}

function runAction(tx: Tx, deps: WriteDeps & { today?: string }, ids: string[], action: CustomerBulkAction['action']): Promise<AuditEntry[]> {
  switch (action.type) {
    case 'add_tag':
      return addTagToCustomers(tx, deps.orgId, ids, action.tag);
    case 'remove_tag':
      return removeTagFromCustomers(tx, deps.orgId, ids, action.tag_id);
    case 'pause':
      return pauseCustomers(tx, deps.orgId, ids, action.until);
    case 'resume':
      return resumeCustomers(tx, deps.orgId, ids, deps.today);
    case 'assign_workflow':
      return assignWorkflowToCustomers(tx, deps.orgId, ids, action.workflow_id);
  }
}

/** Lock the named customers (in id order, so concurrent bulk actions cannot deadlock). */
async function lockCustomers(tx: Tx, orgId: string, ids: string[]): Promise<string[]> {
  const result = await tx.execute(sql`
    select id from customer where org_id = ${orgId} and id = any(${uuidArray(ids)}) order by id for update`);
  const found = new Set((result.rows as { id: string }[]).map((r) => r.id));
  const normalised = ids.map((id) => id.toLowerCase());
  const missing = normalised.flatMap((id, index) => (found.has(id) ? [] : [{ field: `customer_ids.${index}`, reason: `no such customer in this organisation: ${id}` }]));
  if (missing.length > 0) throw new AppError('CUSTOMER_NOT_FOUND', `${missing.length} of the customers were not found`, missing);
  return normalised;
}
