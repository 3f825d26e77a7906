import { organisationToday, type PreviewStep, type WorkflowPreview } from '@receivables/contracts';

import { type Db, withOrg } from '../../db/client';
import { selectEmailTemplates } from '../emails/email-template-record';
import { addressFor, loadCustomerMail, mergeDataFor } from '../emails/load-customer-mail';
import { renderEmail } from '../emails/render-email';
import { readChasingContext } from '../settings/read-chasing-settings';

import { nothingPlanned } from './nothing-planned';
import { planSchedule } from './planning/plan-schedule';
import { requireWorkflow } from './workflow-records';

/**
 * The schedule a workflow would produce for one customer from now — each step's date and time,
 * template, recipients and the email fully rendered — creating nothing. The planning and the
 * rendering are the very functions the scheduler and the sender use.
 */
export async function previewWorkflow(
  deps: { db: Db; orgId: string },
  workflowId: string,
  customerId: string,
  now = new Date(),
): Promise<WorkflowPreview> {
  return withOrg(deps.db, deps.orgId, async (tx) => {
    const wf = await requireWorkflow(tx, deps.orgId, workflowId, 'workflowId');
    const chasing = await readChasingContext(tx, deps.orgId);
    const today = organisationToday(chasing.settings.time_zone, now);
    const mail = await loadCustomerMail(tx, deps.orgId, customerId, today, 'customerId');
    const header = { customer_id: mail.customerId, customer_name: mail.customerName, standing: mail.standing };
    const note = nothingPlanned({ name: mail.customerName, standing: mail.standing }, wf.enabled, chasing.settings.sending_mode);
    if (note) return { ...header, note, steps: [] };

    const planned = planSchedule({
      now,
      standing: mail.standing as 'single_missed' | 'multiple_missed',
      standingSince: mail.standingSince,
      actions: wf.actions.map((a) => ({ id: a.id, standing: a.standing, delayDays: a.delay_days, position: a.position })),
      calendar: chasing.calendar,
      weeklyCap: chasing.settings.weekly_cap,
      otherReminders: [],
      doneActionIds: new Set(),
    });
    const templates = new Map((await selectEmailTemplates(tx, deps.orgId)).map((t) => [t.id, t]));
    const steps: PreviewStep[] = [];
    for (const [index, step] of planned.entries()) {
      const action = wf.actions.find((a) => a.id === step.actionId);
      const template = action ? templates.get(action.email_id) : undefined;
      if (!action || !template) continue;
      const data = mergeDataFor(mail, template.kind, {
        today: organisationToday(chasing.settings.time_zone, step.sendAt),
        senderName: chasing.senderName,
        signature: chasing.signature,
        remindersSent: index,
      });
      const rendered = await renderEmail(template, data, `${mail.customerId}:${action.id}`);
      steps.push({
        action_id: action.id,
        standing: action.standing,
        delay_days: action.delay_days,
        email_id: template.id,
        email_name: template.name,
        kind: template.kind,
        due_day: step.dueDay,
        send_at: step.sendAt.toISOString(),
        deferred: step.deferred,
        ...addressFor(mail, template.kind),
        ...rendered,
      });
    }
    return { ...header, note: steps.length === 0 ? 'This workflow has no steps for the customer’s standing.' : null, steps };
  });
}
