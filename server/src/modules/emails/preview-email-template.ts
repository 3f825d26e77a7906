import {
  type EmailTemplatePreview,
  type EmailTemplatePreviewRequest,
  emailTemplatePreviewRequestSchema,
  organisationToday,
} from '@receivables/contracts';

import { type Db, withOrg } from '../../db/client';
import { withLetterhead } from '../../lib/email-letterhead';
import { readChasingContext } from '../../org/read-chasing-settings';

import { addressFor, loadCustomerMail } from './load-customer-mail';
import { requireValidTemplate } from './require-valid-template';
import { previewMergeData, renderWordings } from './template-wordings';

/**
 * A template as it is being edited, rendered for one customer exactly as they would receive it;
 * nothing is saved. Written from the tone, it shows two or three of the letters it may write.
 */
export async function previewEmailTemplate(
  deps: { db: Db; orgId: string },
  request: EmailTemplatePreviewRequest,
): Promise<EmailTemplatePreview> {
  const input = emailTemplatePreviewRequestSchema.parse(request);
  requireValidTemplate(input);
  const { mail, data, letterhead } = await withOrg(deps.db, deps.orgId, async (tx) => {
    const chasing = await readChasingContext(tx, deps.orgId);
    const today = organisationToday(chasing.settings.time_zone);
    const customerMail = await loadCustomerMail(tx, deps.orgId, input.customer_id, today, 'customer_id');
    return { mail: customerMail, data: previewMergeData(customerMail, input.kind, chasing, today), letterhead: chasing.letterhead };
  });
  // Rendered after the transaction: waiting for a turn must not hold a database connection.
  const wordings = (await renderWordings(input, data, mail.customerId)).map((wording) => withLetterhead(wording, letterhead));
  const [first] = wordings;
  if (!first) throw new Error('a preview rendered no letter');
  return { subject: first.subject, html: first.html, text: first.text, ...addressFor(mail, input.kind), wordings: input.variation === 'full' ? wordings : [] };
}
