import type { CustomerPlan, Workflow } from '@receivables/contracts';
import { and, eq } from 'drizzle-orm';

import { type Db, type Tx, withOrg } from '../../db/client';
import { workflow } from '../../db/schema';
import { requireCustomer } from '../customers/require-customer';
import { readChasingContext } from '../settings/read-chasing-settings';

import { nothingPlanned } from './nothing-planned';
import { planSchedule } from './planning/plan-schedule';
import { requireWorkflow } from './workflow-records';

/** The workflow a customer follows: its own, else the organisation's default; null when there is none. */
export async function effectiveWorkflow(tx: Tx, orgId: string, own: string | null): Promise<Workflow | null> {
  if (own) return requireWorkflow(tx, orgId, own);
  const [fallback] = await tx
    .select({ id: workflow.id })
    .from(workflow)
    .where(and(eq(workflow.orgId, orgId), eq(workflow.isDefault, true)));
  return fallback ? requireWorkflow(tx, orgId, fallback.id) : null;
}

/** The workflow a customer follows and the next email it would send (the same plan as the preview). */
export async function getCustomerPlan(deps: { db: Db; orgId: string }, customerId: string, now = new Date()): Promise<CustomerPlan> {
  return withOrg(deps.db, deps.orgId, async (tx) => {
    const c = await requireCustomer(tx, deps.orgId, customerId);
    const wf = await effectiveWorkflow(tx, deps.orgId, c.workflowId);
    const base = { workflow: wf ? { id: wf.id, name: wf.name, enabled: wf.enabled } : null, follows_default: !c.workflowId };
    if (!wf) return { ...base, next: null, note: 'The organisation has no default workflow.' };
    const chasing = await readChasingContext(tx, deps.orgId);
    const note = nothingPlanned({ name: c.name, standing: c.standing }, wf.enabled, chasing.settings.sending_mode);
    if (note || (c.standing !== 'single_missed' && c.standing !== 'multiple_missed')) return { ...base, next: null, note };
    const [step] = planSchedule({
      now,
      standing: c.standing,
      standingSince: c.standingSince,
      actions: wf.actions.map((a) => ({ id: a.id, standing: a.standing, delayDays: a.delay_days, position: a.position })),
      calendar: chasing.calendar,
      weeklyCap: chasing.settings.weekly_cap,
      otherReminders: [],
      doneActionIds: new Set(),
    });
    const action = step ? wf.actions.find((a) => a.id === step.actionId) : undefined;
    if (!step || !action) return { ...base, next: null, note: 'The workflow has no steps for this standing.' };
    return {
      ...base,
      next: {
        action_id: action.id,
        email_name: action.email_name,
        kind: action.kind,
        send_at: step.sendAt.toISOString(),
        deferred: step.deferred,
      },
      note: null,
    };
  });
}
