import type { ChaseStanding, EmailKind, Tone } from '@receivables/contracts';
import { asc, eq } from 'drizzle-orm';

import type { Tx } from '../../db/client';
import { emailTemplate, workflow, workflowAction } from '../../db/schema';
import { type ChasingContext, readChasingContext } from '../../org/read-chasing-settings';
import type { TemplateToRender } from '../emails/render-email';

/** One step of a workflow with what its template says about it: the kind decides the recipients. */
export interface PlanStep {
  id: string;
  workflowId: string;
  standing: ChaseStanding;
  delayDays: number;
  position: number;
  /** Sent again every this many days until the next step's day (decision 0036); null: once. */
  repeatDays: number | null;
  emailId: string;
  emailName: string;
  kind: EmailKind;
  tone: Tone;
}

export interface PlanWorkflow {
  id: string;
  name: string;
  enabled: boolean;
  isDefault: boolean;
  steps: PlanStep[];
}

/**
 * What planning any customer of one organisation depends on, read once per pass (or per preview):
 * its chasing settings and calendar, every workflow with its steps, and the templates to render.
 * The preview, the customer page and the scheduler all plan from this (decision 0018).
 */
export interface PlanContext {
  orgId: string;
  chasing: ChasingContext;
  workflows: ReadonlyMap<string, PlanWorkflow>;
  defaultWorkflowId: string | null;
  templates: ReadonlyMap<string, TemplateToRender & { id: string; name: string }>;
}

/** `tx` is scoped to the organisation (withOrg). Three small reads, whatever the number of customers. */
export async function loadPlanContext(tx: Tx, orgId: string): Promise<PlanContext> {
  const chasing = await readChasingContext(tx, orgId);
  const workflows = await tx
    .select({ id: workflow.id, name: workflow.name, enabled: workflow.enabled, isDefault: workflow.isDefault })
    .from(workflow)
    .where(eq(workflow.orgId, orgId));
  const templates = await tx
    .select({
      id: emailTemplate.id,
      name: emailTemplate.name,
      tone: emailTemplate.tone,
      kind: emailTemplate.kind,
      subject: emailTemplate.subject,
      body: emailTemplate.body,
      variation: emailTemplate.variation,
    })
    .from(emailTemplate)
    .where(eq(emailTemplate.orgId, orgId));
  const templateById = new Map(templates.map((t) => [t.id, t]));
  const actions = await tx
    .select()
    .from(workflowAction)
    .where(eq(workflowAction.orgId, orgId))
    .orderBy(asc(workflowAction.standing), asc(workflowAction.position), asc(workflowAction.delayDays));
  const byId = new Map<string, PlanWorkflow>(workflows.map((w) => [w.id, { ...w, steps: [] }]));
  for (const a of actions) {
    const template = templateById.get(a.emailId);
    if (!template) continue;
    byId.get(a.workflowId)?.steps.push({
      id: a.id,
      workflowId: a.workflowId,
      standing: a.standing,
      delayDays: a.delayDays,
      position: a.position,
      repeatDays: a.repeatDays,
      emailId: template.id,
      emailName: template.name,
      kind: template.kind,
      tone: template.tone,
    });
  }
  return {
    orgId,
    chasing,
    workflows: byId,
    defaultWorkflowId: workflows.find((w) => w.isDefault)?.id ?? null,
    templates: templateById,
  };
}

/** The workflow a customer follows: its own, else the organisation's default; null when there is none. */
export function effectiveWorkflow(context: PlanContext, own: string | null): PlanWorkflow | null {
  const id = own ?? context.defaultWorkflowId;
  return id ? (context.workflows.get(id) ?? null) : null;
}
