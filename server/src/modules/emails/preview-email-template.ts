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
import { renderInTurn } from './render-turns';
import { requireValidTemplate } from './require-valid-template';

export type TemplatePreview = RenderedEmail & { to: Recipient[]; cc: Recipient[]; problem: string | null };

/** A template as it is being edited, rendered for one customer exactly as they would receive it; nothing is saved. */
export async function previewEmailTemplate(
  deps: { db: Db; orgId: string },
  request: EmailTemplatePreviewRequest,
): Promise<TemplatePreview> {
  const input = emailTemplatePreviewRequestSchema.parse(request);
  requireValidTemplate(input);
  const { mail, data } = await withOrg(deps.db, deps.orgId, async (tx) => {
    const chasing = await readChasingContext(tx, deps.orgId);
    const today = organisationToday(chasing.settings.time_zone);
    const customerMail = await loadCustomerMail(tx, deps.orgId, input.customer_id, today, 'customer_id');
    const context = { today, senderName: chasing.senderName, signature: chasing.signature, remindersSent: 0 };
    return { mail: customerMail, data: mergeDataFor(customerMail, input.kind, context) };
  });
  // Rendered after the transaction: waiting for its turn must not hold a database connection.
  const rendered = await renderInTurn(() => renderEmail(input, data, `${mail.customerId}:preview`));
  return { ...rendered, ...addressFor(mail, input.kind) };
}
