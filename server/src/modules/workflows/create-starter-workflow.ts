import type { ChaseStanding, EmailKind, Tone } from '@receivables/contracts';
import { eq } from 'drizzle-orm';

import type { Tx } from '../../db/client';
import { emailTemplate, workflow, workflowAction } from '../../db/schema';
import { generateTemplate } from '../emails/phrases/generate-template';

/** The starter templates: one per tone for reminders, and two escalations. */
const TEMPLATES: { key: string; name: string; tone: Tone; kind: EmailKind }[] = [
  { key: 'friendly', name: 'Friendly reminder', tone: 'friendly-reminder', kind: 'regular_email' },
  { key: 'relationship', name: 'Checking in', tone: 'relationship-building', kind: 'regular_email' },
  { key: 'firm', name: 'Firm reminder', tone: 'firm', kind: 'regular_email' },
  { key: 'urgent', name: 'Urgent reminder', tone: 'urgent', kind: 'regular_email' },
  { key: 'firm-escalation', name: 'Escalation', tone: 'firm', kind: 'escalation_email' },
  { key: 'urgent-escalation', name: 'Urgent escalation', tone: 'urgent', kind: 'escalation_email' },
];

/**
 * The default chasing of a new organisation (docs/email-tones.md#the-starter-workflow), in days after
 * the due date (decision 0036): a friendly note the day after, warmer help at a week, firm at two,
 * an escalation at three, then urgent letters and escalations to 90 days, the last repeated every
 * fortnight until the debt is settled (chasing never simply stops); once several invoices are
 * missed, firmer from the first week. A customer that is already later starts at the step its
 * lateness calls for.
 */
const STEPS: { standing: ChaseStanding; delay: number; template: string; repeat?: number }[] = [
  { standing: 'single_missed', delay: 1, template: 'friendly' },
  { standing: 'single_missed', delay: 7, template: 'relationship' },
  { standing: 'single_missed', delay: 14, template: 'firm' },
  { standing: 'single_missed', delay: 21, template: 'firm-escalation' },
  { standing: 'single_missed', delay: 30, template: 'urgent' },
  { standing: 'single_missed', delay: 45, template: 'urgent-escalation' },
  { standing: 'single_missed', delay: 60, template: 'urgent' },
  { standing: 'single_missed', delay: 90, template: 'urgent-escalation', repeat: 14 },
  { standing: 'multiple_missed', delay: 7, template: 'firm' },
  { standing: 'multiple_missed', delay: 14, template: 'urgent' },
  { standing: 'multiple_missed', delay: 30, template: 'urgent-escalation' },
  { standing: 'multiple_missed', delay: 60, template: 'urgent' },
  { standing: 'multiple_missed', delay: 90, template: 'urgent-escalation', repeat: 14 },
];

/**
 * Give an organisation that has no workflow yet the starter templates and a default workflow over
 * them, so a new organisation (and the demo) chases sensibly from the first day. `tx` is scoped to
 * the organisation. Does nothing when the organisation already has a workflow.
 */
export async function createStarterWorkflow(tx: Tx, orgId: string): Promise<void> {
  const [existing] = await tx.select({ id: workflow.id }).from(workflow).where(eq(workflow.orgId, orgId)).limit(1);
  if (existing) return;
  const templateIds = new Map<string, string>();
  for (const t of TEMPLATES) {
    const [row] = await tx
      .insert(emailTemplate)
      .values({ orgId, name: t.name, tone: t.tone, kind: t.kind, variation: 'vary', ...generateTemplate(t.tone, t.kind) })
      .onConflictDoNothing()
      .returning({ id: emailTemplate.id });
    if (row) templateIds.set(t.key, row.id);
  }
  const [wf] = await tx.insert(workflow).values({ orgId, name: 'Standard chasing', isDefault: true }).returning({ id: workflow.id });
  if (!wf) throw new Error('workflow insert returned nothing');
  const positions = new Map<ChaseStanding, number>();
  const actions = STEPS.flatMap((s) => {
    const emailId = templateIds.get(s.template);
    if (!emailId) return [];
    const position = positions.get(s.standing) ?? 0;
    positions.set(s.standing, position + 1);
    return [{ orgId, workflowId: wf.id, standing: s.standing, delayDays: s.delay, emailId, position, repeatDays: s.repeat ?? null }];
  });
  if (actions.length > 0) await tx.insert(workflowAction).values(actions);
}
