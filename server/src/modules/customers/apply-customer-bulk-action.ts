import type { CustomerBulkAction, CustomerBulkResult } from '@receivables/contracts';

import { type Tx, withOrg } from '../../db/client';
import { type AuditEntry, recordAudits, type WriteDeps } from '../audit/record-audit';
import { readOrganisationToday } from '../organisation/organisation-today';
import { reconcileCustomers } from '../scheduling/reconcile-customers';
import { requireWorkflow } from '../workflows/workflow-records';

import { addTagToCustomers, removeTagFromCustomers } from './bulk-customer-tags';
import { assignWorkflowToCustomers, pauseCustomers, resumeCustomers } from './bulk-customer-updates';
import { toCustomerMatch } from './find-customers';
import { lockMatchingCustomers, lockNamedCustomers } from './lock-bulk-customers';
import { requirePauseEndInFuture } from './pause-customer';

/**
 * Apply one action to many customers in one transaction, each step a set-based statement. The
 * customers are the named ones (any id not in the organisation is NOT_FOUND naming it,
 * and nothing is applied) or every one the list's search and filters match when the action
 * comes. The answer lists the customers that changed; each gets one audit entry, as the
 * single-customer endpoint would write it.
 */
export async function applyCustomerBulkAction(
  deps: WriteDeps & { today?: string; matchingMax?: number },
  input: CustomerBulkAction,
): Promise<CustomerBulkResult> {
  const { action, matching, customer_ids: named = [] } = input;
  return withOrg(deps.db, deps.orgId, async (tx) => {
    const today = deps.today ?? (await readOrganisationToday(tx, deps.orgId));
    if (action.type === 'pause') requirePauseEndInFuture(action.until, today, 'action.until');
    if (action.type === 'assign_workflow' && action.workflow_id) await requireWorkflow(tx, deps.orgId, action.workflow_id, 'action.workflow_id');
    const match = matching ? toCustomerMatch(matching) : undefined;
    const ids = match
      ? await lockMatchingCustomers(tx, deps.orgId, match, deps.matchingMax)
      : await lockNamedCustomers(tx, deps.orgId, named);
    const entries = await runAction(tx, { ...deps, today }, ids, action);
    await recordAudits(tx, deps, entries);
    const changed = new Set(entries.map((e) => e.entityId));
    const customerIds = ids.filter((id) => changed.has(id));
    // Pausing, resuming and assigning a workflow change what is planned: reconciled at once (decision 0018).
    if (action.type !== 'add_tag' && action.type !== 'remove_tag') await reconcileCustomers(tx, deps.orgId, customerIds, new Date());
    return { updated: customerIds.length, customer_ids: customerIds };
  });
}

function runAction(tx: Tx, deps: WriteDeps & { today: string }, ids: string[], action: CustomerBulkAction['action']): Promise<AuditEntry[]> {
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
