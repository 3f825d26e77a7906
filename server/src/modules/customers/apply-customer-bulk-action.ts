import type { CustomerBulkOperation, CustomerBulkResult } from '@receivables/contracts';

import { type Tx, withOrg } from '../../db/client';
import type { OrgScope } from '../../org/org-scope';
import { readOrganisationToday } from '../../org/organisation-today';
import { type AuditEntry, recordAudits } from '../../org/record-audit';
import { reconcileCustomers } from '../scheduling/reconcile-customers';
import { requireWorkflow } from '../workflows/workflow-records';

import { addTagToCustomers, removeTagFromCustomers, resolveTag } from './bulk-customer-tags';
import { assignWorkflowToCustomers, pauseCustomers, resumeCustomers } from './bulk-customer-updates';
import { lockNamedCustomers } from './lock-bulk-customers';
import { requirePauseEndInFuture } from './pause-customer';

/**
 * Apply one action to up to 1,000 named customers in one transaction, each step a set-based
 * statement. Any id not in the organisation is NOT_FOUND naming it, and nothing is applied. The
 * answer lists the customers that changed; each gets one audit entry, as the single-customer
 * endpoint would write it. Every match of a search is a background job instead
 * (start-customer-bulk-job.ts, decision 0008).
 */
export async function applyCustomerBulkAction(
  deps: OrgScope & { today?: string },
  input: { customer_ids: string[]; action: CustomerBulkOperation },
): Promise<CustomerBulkResult> {
  return withOrg(deps.db, deps.orgId, async (tx) => {
    const today = deps.today ?? (await readOrganisationToday(tx, deps.orgId));
    const action = await prepareBulkOperation(tx, deps.orgId, input.action, today);
    const ids = await lockNamedCustomers(tx, deps.orgId, input.customer_ids);
    const customerIds = await applyBulkOperation(tx, { ...deps, today }, ids, action);
    return { updated: customerIds.length, customer_ids: customerIds };
  });
}

/**
 * Check an action before anything is applied, as the single-customer endpoints would (a pause
 * ends in the future, the workflow and the tag exist), naming the field; a tag given by name is
 * matched or created here, once, and the action answered names it by id.
 */
export async function prepareBulkOperation(
  tx: Tx,
  orgId: string,
  action: CustomerBulkOperation,
  today: string,
): Promise<CustomerBulkOperation> {
  switch (action.type) {
    case 'pause':
      requirePauseEndInFuture(action.until, today, 'action.until');
      return action;
    case 'assign_workflow':
      if (action.workflow_id) await requireWorkflow(tx, orgId, action.workflow_id, 'action.workflow_id');
      return action;
    case 'add_tag':
      return { type: 'add_tag', tag: { id: await resolveTag(tx, orgId, action.tag) } };
    case 'remove_tag':
      await resolveTag(tx, orgId, { id: action.tag_id }, 'action.tag_id');
      return action;
    case 'resume':
      return action;
  }
}

/**
 * Apply a prepared action to locked customers inside the caller's transaction: the set-based
 * statements, one audit entry per customer that changed, and their chasing reconciled. Returns
 * the ids that changed, in the order given.
 */
export async function applyBulkOperation(
  tx: Tx,
  deps: Pick<OrgScope, 'orgId' | 'actorId'> & { today: string },
  ids: string[],
  action: CustomerBulkOperation,
): Promise<string[]> {
  const entries = await runOperation(tx, deps, ids, action);
  await recordAudits(tx, deps, entries);
  const changed = new Set(entries.map((e) => e.entityId));
  const customerIds = ids.filter((id) => changed.has(id));
  // Pausing, resuming and assigning a workflow change what is planned: reconciled at once (decision 0018).
  if (action.type !== 'add_tag' && action.type !== 'remove_tag') await reconcileCustomers(tx, deps.orgId, customerIds, new Date());
  return customerIds;
}

function runOperation(tx: Tx, deps: { orgId: string; today: string }, ids: string[], action: CustomerBulkOperation): Promise<AuditEntry[]> {
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
