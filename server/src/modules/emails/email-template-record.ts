import type { EmailTemplate } from '@receivables/contracts';
import { and, asc, count, eq, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { emailTemplate, workflowAction } from '../../db/schema';
import { notFound } from '../../errors/domain-errors';

export type EmailTemplateRecord = typeof emailTemplate.$inferSelect;

/** The organisation's templates as the API shows them, with how many workflow steps use each. */
export async function selectEmailTemplates(db: DbOrTx, orgId: string, id?: string): Promise<EmailTemplate[]> {
  const usedBy = db
    .select({ emailId: workflowAction.emailId, n: count().as('n') })
    .from(workflowAction)
    .where(eq(workflowAction.orgId, orgId))
    .groupBy(workflowAction.emailId)
    .as('used_by');
  const rows = await db
    .select({ t: emailTemplate, usedBy: sql<number>`coalesce(${usedBy.n}, 0)::int` })
    .from(emailTemplate)
    .leftJoin(usedBy, eq(usedBy.emailId, emailTemplate.id))
    .where(and(eq(emailTemplate.orgId, orgId), id ? eq(emailTemplate.id, id) : undefined))
    .orderBy(asc(sql`lower(${emailTemplate.name})`), asc(emailTemplate.id));
  return rows.map(({ t, usedBy: n }) => ({
    id: t.id,
    name: t.name,
    tone: t.tone,
    kind: t.kind,
    subject: t.subject,
    body: t.body,
    variation: t.variation,
    used_by: n,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
  }));
}

/** One template of the organisation; another organisation's or an unknown id is NOT_FOUND. */
export async function requireEmailTemplate(db: DbOrTx, orgId: string, id: string, field?: string): Promise<EmailTemplate> {
  const [found] = await selectEmailTemplates(db, orgId, id);
  if (!found) throw notFound('Email template', field);
  return found;
}
