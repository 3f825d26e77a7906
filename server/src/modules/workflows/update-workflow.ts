import type { ChaseStanding, Workflow, WorkflowUpdate } from '@receivables/contracts';
import { and, eq, ne } from 'drizzle-orm';

import { type Tx, withOrg } from '../../db/client';
import { workflow, workflowAction } from '../../db/schema';
import { domainRule } from '../../errors/domain-errors';
import type { OrgScope } from '../../org/org-scope';
import { changedFields, recordAudit } from '../../org/record-audit';

import { workflowNameTaken } from './workflow-name-taken';
import { requireWorkflow } from './workflow-records';

/**
 * Rename, enable or disable, make the default, or reorder the steps of one standing. The default
 * must have steps and be enabled: customers without a workflow of their own follow it.
 */
export async function updateWorkflow(deps: OrgScope, input: WorkflowUpdate): Promise<Workflow> {
  return withOrg(deps.db, deps.orgId, async (tx) => {
    const current = await requireWorkflow(tx, deps.orgId, input.id, 'id');
    const becomesDefault = input.is_default === true && !current.is_default;
    const enabled = input.enabled ?? current.enabled;
    if ((becomesDefault || current.is_default) && current.actions.length === 0) {
      throw domainRule('A default workflow needs at least one step: add one first', 'is_default', 'the workflow has no steps');
    }
    if ((becomesDefault || current.is_default) && !enabled) {
      throw domainRule(
        'The default workflow cannot be disabled: make another workflow the default first',
        'enabled',
        'the default workflow must stay enabled',
      );
    }
    if (input.action_order) {
      for (const standing of ['single_missed', 'multiple_missed'] as const) {
        const order = input.action_order[standing];
        if (order) await reorder(tx, deps.orgId, current, standing, order);
      }
    }
    if (becomesDefault) {
      // The unique index allows one default: clear the old one first.
      await tx
        .update(workflow)
        .set({ isDefault: false })
        .where(and(eq(workflow.orgId, deps.orgId), eq(workflow.isDefault, true), ne(workflow.id, current.id)));
    }
    const before = { name: current.name, enabled: current.enabled, is_default: current.is_default };
    const after = { name: input.name ?? current.name, enabled, is_default: current.is_default || becomesDefault };
    const diff = changedFields(before, after);
    if (diff) {
      await tx
        .update(workflow)
        .set({ name: after.name, enabled: after.enabled, isDefault: after.is_default })
        .where(and(eq(workflow.orgId, deps.orgId), eq(workflow.id, current.id)))
        .catch(workflowNameTaken);
    }
    if (diff || input.action_order) {
      const orderChange = input.action_order ? { action_order: input.action_order } : {};
      await recordAudit(tx, deps, {
        action: 'workflow.update',
        entity: 'workflow',
        entityId: current.id,
        customerId: null,
        before: diff?.before ?? {},
        after: { ...diff?.after, ...orderChange },
      });
    }
    return requireWorkflow(tx, deps.orgId, current.id);
  });
}

/** Put a standing's steps in the given order; the list must name each of its steps exactly once. */
async function reorder(tx: Tx, orgId: string, current: Workflow, standing: ChaseStanding, order: string[]): Promise<void> {
  const ids = current.actions.filter((a) => a.standing === standing).map((a) => a.id);
  const same = order.length === ids.length && new Set(order).size === order.length && order.every((id) => ids.includes(id));
  if (!same) {
    throw domainRule(
      `The new order must list each ${standing.replace('_', ' ')} step of the workflow once`,
      `action_order.${standing}`,
      'does not match the workflow’s steps',
    );
  }
  for (const [position, id] of order.entries()) {
    await tx
      .update(workflowAction)
      .set({ position })
      .where(and(eq(workflowAction.orgId, orgId), eq(workflowAction.id, id)));
  }
}
