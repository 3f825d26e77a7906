import { and, eq } from 'drizzle-orm';

import { withOrg } from '../../db/client';
import { emailTemplate, workflow, workflowAction } from '../../db/schema';
import { conflict } from '../../errors/domain-errors';
import type { OrgScope } from '../../org/org-scope';
import { recordAudit } from '../../org/record-audit';

import { requireEmailTemplate } from './email-template-record';

/** Delete a template no workflow uses; one in use is a 409 naming the workflows that still send it. */
export async function deleteEmailTemplate(deps: OrgScope, id: string): Promise<void> {
  await withOrg(deps.db, deps.orgId, async (tx) => {
    const current = await requireEmailTemplate(tx, deps.orgId, id);
    const users = await tx
      .selectDistinct({ name: workflow.name })
      .from(workflowAction)
      .innerJoin(workflow, eq(workflow.id, workflowAction.workflowId))
      .where(and(eq(workflowAction.orgId, deps.orgId), eq(workflowAction.emailId, id)))
      .orderBy(workflow.name);
    if (users.length > 0) {
      const names = users.map((u) => `"${u.name}"`).join(', ');
      throw conflict(`"${current.name}" is used by ${users.length === 1 ? 'the workflow' : 'the workflows'} ${names}; remove it from them first`, 'id', `used by ${names}`);
    }
    await tx.delete(emailTemplate).where(and(eq(emailTemplate.orgId, deps.orgId), eq(emailTemplate.id, id)));
    await recordAudit(tx, deps, { action: 'email_template.delete', entity: 'email_template', entityId: id, customerId: null, before: { name: current.name }, after: null });
  });
}
