import { emailTemplateWriteSchema, type EmailTemplate, type EmailTemplateWrite } from '@receivables/contracts';
import { and, eq } from 'drizzle-orm';

import { withOrg } from '../../db/client';
import { emailTemplate } from '../../db/schema';
import { onUniqueViolation } from '../../errors/unique-violation';
import type { OrgScope } from '../../org/org-scope';
import { changedFields, recordAudit } from '../../org/record-audit';

import { requireEmailTemplate } from './email-template-record';
import { requireRenderableTemplate } from './require-valid-template';

const nameTaken = onUniqueViolation({
  email_template_org_name_uidx: { message: 'Another template already has this name', field: 'name', reason: 'is already used by another template' },
});

/** A new template; Liquid that would not render is a 400 naming the field and line. */
export async function createEmailTemplate(deps: OrgScope, write: EmailTemplateWrite): Promise<EmailTemplate> {
  const input = emailTemplateWriteSchema.parse(write);
  await requireRenderableTemplate(input);
  return withOrg(deps.db, deps.orgId, async (tx) => {
    const [row] = await tx
      .insert(emailTemplate)
      .values({ orgId: deps.orgId, ...input })
      .returning({ id: emailTemplate.id })
      .catch(nameTaken);
    if (!row) throw new Error('email template insert returned nothing');
    await recordAudit(tx, deps, { action: 'email_template.create', entity: 'email_template', entityId: row.id, customerId: null, before: null, after: input });
    return requireEmailTemplate(tx, deps.orgId, row.id);
  });
}

/** Replace a template's wording and settings; workflows that use it send the new wording from now on. */
export async function updateEmailTemplate(deps: OrgScope, id: string, write: EmailTemplateWrite): Promise<EmailTemplate> {
  const input = emailTemplateWriteSchema.parse(write);
  await requireRenderableTemplate(input);
  return withOrg(deps.db, deps.orgId, async (tx) => {
    const current = await requireEmailTemplate(tx, deps.orgId, id);
    const diff = changedFields(current, input);
    if (diff) {
      await tx
        .update(emailTemplate)
        .set(input)
        .where(and(eq(emailTemplate.orgId, deps.orgId), eq(emailTemplate.id, id)))
        .catch(nameTaken);
      await recordAudit(tx, deps, { action: 'email_template.update', entity: 'email_template', entityId: id, customerId: null, ...diff });
    }
    return requireEmailTemplate(tx, deps.orgId, id);
  });
}
