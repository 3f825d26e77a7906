import type { WorkflowAction, WorkflowActionWrite } from '@receivables/contracts';
import { and, eq, max } from 'drizzle-orm';

import { type Tx, withOrg } from '../../db/client';
import { workflowAction } from '../../db/schema';
import { domainRule } from '../../errors/domain-errors';
import type { OrgScope } from '../../org/org-scope';
import { changedFields, recordAudit } from '../../org/record-audit';
import { requireEmailTemplate } from '../emails/email-template-record';

import { requireAction, requireWorkflow } from './workflow-records';

/**
 * Add a step to a workflow (no id: it goes last in its standing) or change one. The template must
 * be one of the organisation's: another organisation's id is NOT_FOUND, exactly like a missing one.
 */
export async function saveWorkflowAction(
  deps: OrgScope,
  input: WorkflowActionWrite,
): Promise<{ created: boolean; action: WorkflowAction }> {
  return withOrg(deps.db, deps.orgId, async (tx) => {
    await requireWorkflow(tx, deps.orgId, input.workflow_id, 'workflow_id');
    const template = await requireEmailTemplate(tx, deps.orgId, input.email_id, 'email_id');
    // Before the due date nothing is late, so there is nothing to escalate (decision 0036).
    if (input.standing === 'in_good_standing' && template.kind === 'escalation_email') {
      throw domainRule('A reminder before the due date cannot be an escalation', 'email_id', 'must be a reminder template, not an escalation');
    }
    if (!input.id) {
      const position = await nextPosition(tx, deps.orgId, input.workflow_id, input.standing);
      const [row] = await tx
        .insert(workflowAction)
        .values({
          orgId: deps.orgId,
          workflowId: input.workflow_id,
          standing: input.standing,
          delayDays: input.delay_days,
          emailId: input.email_id,
          position,
          repeatDays: input.repeat_days ?? null,
        })
        .returning({ id: workflowAction.id });
      if (!row) throw new Error('workflow action insert returned nothing');
      const after = {
        standing: input.standing,
        delay_days: input.delay_days,
        email_id: input.email_id,
        repeat_days: input.repeat_days ?? null,
      };
      await recordAudit(tx, deps, {
        action: 'workflow_action.create',
        entity: 'workflow_action',
        entityId: row.id,
        customerId: null,
        before: null,
        after,
      });
      return { created: true, action: await requireAction(tx, deps.orgId, row.id) };
    }
    const current = await requireAction(tx, deps.orgId, input.id);
    if (current.workflow_id !== input.workflow_id) {
      throw domainRule('A step cannot move to another workflow; add it there instead', 'workflow_id', 'is not the step’s workflow');
    }
    const movesStanding = current.standing !== input.standing;
    const position = movesStanding ? await nextPosition(tx, deps.orgId, input.workflow_id, input.standing) : current.position;
    const repeatDays = input.repeat_days === undefined ? current.repeat_days : input.repeat_days;
    const next = { standing: input.standing, delay_days: input.delay_days, email_id: input.email_id, repeat_days: repeatDays };
    const diff = changedFields(current, next);
    if (diff) {
      await tx
        .update(workflowAction)
        .set({ standing: input.standing, delayDays: input.delay_days, emailId: input.email_id, position, repeatDays })
        .where(and(eq(workflowAction.orgId, deps.orgId), eq(workflowAction.id, current.id)));
      await recordAudit(tx, deps, {
        action: 'workflow_action.update',
        entity: 'workflow_action',
        entityId: current.id,
        customerId: null,
        ...diff,
      });
    }
    return { created: false, action: await requireAction(tx, deps.orgId, current.id) };
  });
}

async function nextPosition(tx: Tx, orgId: string, workflowId: string, standing: WorkflowActionWrite['standing']): Promise<number> {
  const [row] = await tx
    .select({ last: max(workflowAction.position) })
    .from(workflowAction)
    .where(and(eq(workflowAction.orgId, orgId), eq(workflowAction.workflowId, workflowId), eq(workflowAction.standing, standing)));
  return (row?.last ?? -1) + 1;
}
