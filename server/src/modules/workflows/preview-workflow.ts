import { organisationToday, type PreviewStep, type WorkflowPreview } from '@receivables/contracts';

import { type Db, withOrg } from '../../db/client';
import { notFound } from '../../errors/domain-errors';
import { loadLetterInvoices } from '../emails/letter-invoices';
import { renderInTurn } from '../emails/render-turns';
import { loadPlanContext } from '../scheduling/plan-context';
import { customerMailOf, emptyPlanNote, planCustomer } from '../scheduling/plan-customer';
import { loadCustomerPlanInputs } from '../scheduling/plan-inputs';
import { renderPlannedEmail } from '../scheduling/render-planned-email';

/**
 * The schedule a workflow would produce for one customer from now — each step's date and time,
 * template, recipients and the email fully rendered — creating nothing. Any workflow of the
 * organisation can be previewed on any customer; the facts (the customer's episode, what it has
 * already been sent, the weekly cap) are loaded, planned and rendered by the very functions the
 * scheduler uses (decision 0018), so for the customer's own workflow the preview is what it creates.
 */
export async function previewWorkflow(
  deps: { db: Db; orgId: string },
  workflowId: string,
  customerId: string,
  now = new Date(),
): Promise<WorkflowPreview> {
  const planned = await withOrg(deps.db, deps.orgId, async (tx) => {
    const context = await loadPlanContext(tx, deps.orgId);
    const wf = context.workflows.get(workflowId);
    if (!wf) throw notFound('Workflow', 'workflowId');
    const [customer] = await loadCustomerPlanInputs(tx, deps.orgId, [customerId], now);
    if (!customer) throw notFound('Customer', 'customerId');
    const plan = planCustomer(context, customer, wf, now);
    const today = organisationToday(context.chasing.settings.time_zone, now);
    const invoices = plan.note ? [] : (await loadLetterInvoices(tx, deps.orgId, [customer.id], today)).get(customer.id) ?? [];
    return { context, wf, customer, plan, mail: customerMailOf(customer, invoices) };
  });
  const { context, wf, customer, plan, mail } = planned;
  const header = { customer_id: customer.id, customer_name: customer.name, standing: customer.standing };
  if (plan.note) return { ...header, note: plan.note, steps: [] };

  // Rendered after the transaction, each in its turn (render-turns.ts): waiting must not hold a connection.
  const steps: PreviewStep[] = [];
  for (const email of plan.emails) {
    const rendered = await renderInTurn(() => renderPlannedEmail(context, mail, email));
    if (!rendered) continue;
    steps.push({
      action_id: email.step.id,
      standing: email.step.standing,
      delay_days: email.step.delayDays,
      email_id: email.step.emailId,
      email_name: email.step.emailName,
      kind: email.step.kind,
      due_day: email.dueDay,
      send_at: email.sendAt.toISOString(),
      deferred: email.deferred,
      to: email.to,
      cc: email.cc,
      problem: email.problem,
      ...rendered,
    });
  }
  return { ...header, note: steps.length === 0 ? emptyPlanNote(wf, customer.standing) : null, steps };
}
