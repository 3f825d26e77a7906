import { and, eq } from 'drizzle-orm';

import { withOrg } from '../../db/client';
import { workflowAction } from '../../db/schema';
import { domainRule } from '../../errors/domain-errors';
import type { OrgScope } from '../../org/org-scope';
import { recordAudit } from '../../org/record-audit';

import { requireAction, requireWorkflow } from './workflow-records';

/** Remove a step; the last step of the default workflow stays (a default with no steps chases nobody). */
export async function deleteWorkflowAction(deps: OrgScope, id: string): Promise<void> {
  await withOrg(deps.db, deps.orgId, async (tx) => {
    const action = await requireAction(tx, deps.orgId, id);
    const owner = await requireWorkflow(tx, deps.orgId, action.workflow_id);
    if (owner.is_default && owner.actions.length === 1) {
      throw domainRule('The default workflow needs at least one step: make another workflow the default, or add a step first', 'id', 'is the default workflow’s last step');
    }
    await tx.delete(workflowAction).where(and(eq(workflowAction.orgId, deps.orgId), eq(workflowAction.id, id)));
    const before = { standing: action.standing, delay_days: action.delay_days, email_id: action.email_id, repeat_days: action.repeat_days };
    await recordAudit(tx, deps, { action: 'workflow_action.delete', entity: 'workflow_action', entityId: id, customerId: null, before, after: null });
  });
}
