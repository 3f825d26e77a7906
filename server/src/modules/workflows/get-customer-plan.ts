import type { CustomerPlan } from '@receivables/contracts';

import { type Db, withOrg } from '../../db/client';
import { notFound } from '../../errors/domain-errors';
import { effectiveWorkflow, loadPlanContext } from '../scheduling/plan-context';
import { emptyPlanNote, planCustomer } from '../scheduling/plan-customer';
import { loadCustomerPlanInputs } from '../scheduling/plan-inputs';

/**
 * The workflow a customer follows and the next email it will send: the same plan as the preview
 * and the scheduler (decision 0018). A skipped step is never sent, so it is not "next"; a step
 * without its contact is (the page warns, and adding the contact in time lets it go).
 */
export async function getCustomerPlan(deps: { db: Db; orgId: string }, customerId: string, now = new Date()): Promise<CustomerPlan> {
  return withOrg(deps.db, deps.orgId, async (tx) => {
    const context = await loadPlanContext(tx, deps.orgId);
    const [customer] = await loadCustomerPlanInputs(tx, deps.orgId, [customerId], now);
    if (!customer) throw notFound('Customer');
    const wf = effectiveWorkflow(context, customer.ownWorkflowId);
    const base = { workflow: wf ? { id: wf.id, name: wf.name, enabled: wf.enabled } : null, follows_default: !customer.ownWorkflowId };
    const plan = planCustomer(context, customer, wf, now);
    if (plan.note || !wf) return { ...base, next: null, note: plan.note };
    const next = plan.emails.find((e) => e.refusal !== 'skipped');
    if (!next) return { ...base, next: null, note: plan.emails[0]?.problem ?? emptyPlanNote(wf, customer.standing) };
    return {
      ...base,
      next: {
        action_id: next.step.id,
        email_name: next.step.emailName,
        kind: next.step.kind,
        send_at: next.sendAt.toISOString(),
        deferred: next.deferred,
      },
      note: null,
    };
  });
}
