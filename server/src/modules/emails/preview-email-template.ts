import {
  type EmailTemplatePreviewRequest,
  emailTemplatePreviewRequestSchema,
  organisationToday,
  type RenderedEmail,
} from '@receivables/contracts';

import { type Db, withOrg } from '../../db/client';
import { readChasingContext } from '../../org/read-chasing-settings';

import { addressFor, loadCustomerMail, mergeDataFor, type Recipient } from './load-customer-mail';
import { renderEmail } from './render-email';
import { requireValidTemplate } from './require-valid-template';

export type TemplatePreview = RenderedEmail & { to: Recipient[]; cc: Recipient[]; problem: string | null };

/** A template as it is being edited, rendered for one customer exactly as they would receive it; nothing is saved. */
export async function previewEmailTemplate(
  deps: { db: Db; orgId: string },
  request: EmailTemplatePreviewRequest,
): Promise<TemplatePreview> {
  const input = emailTemplatePreviewRequestSchema.parse(request);
  requireValidTemplate(input);
  return withOrg(deps.db, deps.orgId, async (tx) => {
    const chasing = await readChasingContext(tx, deps.orgId);
    const today = organisationToday(chasing.settings.time_zone);
    const mail = await loadCustomerMail(tx, deps.orgId, input.customer_id, today, 'customer_id');
    const data = mergeDataFor(mail, input.kind, { today, senderName: chasing.senderName, signature: chasing.signature, remindersSent: 0 });
    const rendered = await renderEmail(input, data, `${mail.customerId}:preview`);
    return { ...rendered, ...addressFor(mail, input.kind) };
  });
}
