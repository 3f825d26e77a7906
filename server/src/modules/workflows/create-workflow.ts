import type { Workflow, WorkflowCreate } from '@receivables/contracts';

import { withOrg } from '../../db/client';
import { workflow, workflowAction } from '../../db/schema';
import type { OrgScope } from '../../org/org-scope';
import { recordAudit } from '../../org/record-audit';

import { workflowNameTaken } from './workflow-name-taken';
import { requireWorkflow } from './workflow-records';

/** A new workflow, empty or a copy of another one's steps; never the default until someone makes it so. */
export async function createWorkflow(deps: OrgScope, input: WorkflowCreate): Promise<Workflow> {
  return withOrg(deps.db, deps.orgId, async (tx) => {
    const source = input.duplicate_of ? await requireWorkflow(tx, deps.orgId, input.duplicate_of, 'duplicate_of') : null;
    const [row] = await tx
      .insert(workflow)
      .values({ orgId: deps.orgId, name: input.name, enabled: source?.enabled ?? true })
      .returning({ id: workflow.id })
      .catch(workflowNameTaken);
    if (!row) throw new Error('workflow insert returned nothing');
    if (source && source.actions.length > 0) {
      await tx
        .insert(workflowAction)
        .values(
          source.actions.map((a) => ({
            orgId: deps.orgId,
            workflowId: row.id,
            standing: a.standing,
            delayDays: a.delay_days,
            emailId: a.email_id,
            position: a.position,
            repeatDays: a.repeat_days,
          })),
        );
    }
    await recordAudit(tx, deps, {
      action: 'workflow.create',
      entity: 'workflow',
      entityId: row.id,
      customerId: null,
      before: null,
      after: { name: input.name, ...(source ? { duplicate_of: source.id } : {}) },
    });
    return requireWorkflow(tx, deps.orgId, row.id);
  });
}
