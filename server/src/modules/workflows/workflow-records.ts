import type { Workflow, WorkflowAction } from '@receivables/contracts';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { customer, emailTemplate, workflow, workflowAction } from '../../db/schema';
import { notFound } from '../../errors/domain-errors';

/**
 * The organisation's workflows (or one), each with its steps in order, how many customers chose it
 * and, for the default, how many follow it for want of a choice (decision 0046).
 */
export async function selectWorkflows(db: DbOrTx, orgId: string, id?: string): Promise<Workflow[]> {
  const chosenBy = db
    .select({ workflowId: customer.workflowId, n: count().as('n') })
    .from(customer)
    .where(and(eq(customer.orgId, orgId), sql`${customer.workflowId} is not null`))
    .groupBy(customer.workflowId)
    .as('chosen_by');
  const workflows = await db
    .select({ w: workflow, customers: sql<number>`coalesce(${chosenBy.n}, 0)::int` })
    .from(workflow)
    .leftJoin(chosenBy, eq(chosenBy.workflowId, workflow.id))
    .where(and(eq(workflow.orgId, orgId), id ? eq(workflow.id, id) : undefined))
    .orderBy(sql`${workflow.isDefault} desc`, asc(sql`lower(${workflow.name})`), asc(workflow.id));
  const actions = await selectActions(db, orgId, id ? { workflowId: id } : {});
  const byDefault = workflows.some(({ w }) => w.isDefault) ? await countWithoutWorkflow(db, orgId) : 0;
  return workflows.map(({ w, customers }) => ({
    id: w.id,
    name: w.name,
    is_default: w.isDefault,
    enabled: w.enabled,
    customer_count: customers,
    default_follower_count: w.isDefault ? byDefault : 0,
    actions: actions.filter((a) => a.workflow_id === w.id),
    created_at: w.createdAt.toISOString(),
    updated_at: w.updatedAt.toISOString(),
  }));
}

/** Customers who chose no workflow: the default's by default. */
async function countWithoutWorkflow(db: DbOrTx, orgId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(customer).where(and(eq(customer.orgId, orgId), isNull(customer.workflowId)));
  return row?.n ?? 0;
}

/** Steps in the order they run: by standing, then position. */
export async function selectActions(
  db: DbOrTx,
  orgId: string,
  where: { workflowId?: string; actionId?: string },
): Promise<WorkflowAction[]> {
  const rows = await db
    .select({ a: workflowAction, emailName: emailTemplate.name, kind: emailTemplate.kind, tone: emailTemplate.tone })
    .from(workflowAction)
    .innerJoin(emailTemplate, eq(emailTemplate.id, workflowAction.emailId))
    .where(
      and(
        eq(workflowAction.orgId, orgId),
        where.workflowId ? eq(workflowAction.workflowId, where.workflowId) : undefined,
        where.actionId ? eq(workflowAction.id, where.actionId) : undefined,
      ),
    )
    .orderBy(asc(workflowAction.standing), asc(workflowAction.position), asc(workflowAction.delayDays));
  return rows.map(({ a, emailName, kind, tone }) => ({
    id: a.id,
    workflow_id: a.workflowId,
    standing: a.standing,
    delay_days: a.delayDays,
    email_id: a.emailId,
    email_name: emailName,
    kind,
    tone,
    position: a.position,
    repeat_days: a.repeatDays,
  }));
}

/** One workflow of the organisation; another organisation's or an unknown id is NOT_FOUND. */
export async function requireWorkflow(db: DbOrTx, orgId: string, id: string, field?: string): Promise<Workflow> {
  const [found] = await selectWorkflows(db, orgId, id);
  if (!found) throw notFound('Workflow', field);
  return found;
}

/** One step of the organisation's workflows, or NOT_FOUND. */
export async function requireAction(db: DbOrTx, orgId: string, id: string): Promise<WorkflowAction> {
  const [found] = await selectActions(db, orgId, { actionId: id });
  if (!found) throw notFound('Workflow action');
  return found;
}
