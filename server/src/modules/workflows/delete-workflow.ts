import { and, eq } from 'drizzle-orm';

import { withOrg } from '../../db/client';
import { customer, workflow } from '../../db/schema';
import { domainRule } from '../../errors/domain-errors';
import type { OrgScope } from '../../org/org-scope';
import { recordAudit } from '../../org/record-audit';

import { requireWorkflow } from './workflow-records';

/**
 * Delete a workflow; its customers move to `reassignTo`, or without one back to the default. The
 * default itself cannot be deleted: another must become the default first.
 */
export async function deleteWorkflow(deps: OrgScope, id: string, reassignTo: string | undefined): Promise<void> {
  await withOrg(deps.db, deps.orgId, async (tx) => {
    const current = await requireWorkflow(tx, deps.orgId, id);
    if (current.is_default) throw domainRule('The default workflow cannot be deleted: make another workflow the default first', 'id', 'is the default workflow');
    if (reassignTo !== undefined) {
      if (reassignTo === id) throw domainRule('Customers cannot be moved to the workflow being deleted', 'reassign_to', 'is the workflow being deleted');
      await requireWorkflow(tx, deps.orgId, reassignTo, 'reassign_to');
    }
    const moved = await tx
      .update(customer)
      .set({ workflowId: reassignTo ?? null })
      .where(and(eq(customer.orgId, deps.orgId), eq(customer.workflowId, id)))
      .returning({ id: customer.id });
    await tx.delete(workflow).where(and(eq(workflow.orgId, deps.orgId), eq(workflow.id, id)));
    await recordAudit(tx, deps, {
      action: 'workflow.delete',
      entity: 'workflow',
      entityId: id,
      customerId: null,
      before: { name: current.name },
      after: { customers_moved: moved.length, reassign_to: reassignTo ?? null },
    });
  });
}
