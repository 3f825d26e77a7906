import { type FieldIssue, organisationToday, usesOwnWording, type Variation } from '@receivables/contracts';

import { AppError } from '../../errors/app-error';

import { mergeDataFor } from './load-customer-mail';
import { renderEmail, type TemplateToRender } from './render-email';
import { sampleCustomer } from './sample-customer';
import { validateTemplate } from './validate-template';

function refuse(issues: FieldIssue[]): never {
  throw new AppError('VALIDATION_FAILED', `The template cannot be used: ${issues.map((i) => `${i.field} ${i.reason}`).join('; ')}`, issues);
}

const MISSING_REASON = 'must not be empty: only “Write from the tone” writes its own';

/**
 * Refuse, before anything is saved or previewed, a template that could not be read when a reminder
 * is due. A template sent as written needs a subject and a body (422 naming each one missing); one
 * written from the tone uses neither, so neither is required nor read (issue 29).
 */
export function requireValidTemplate(template: { subject: string; body: string; variation: Variation }): void {
  if (!usesOwnWording(template.variation)) return;
  const missing = (['subject', 'body'] as const).filter((field) => template[field].trim() === '');
  if (missing.length > 0) {
    throw new AppError(
      'DOMAIN_RULE',
      `A template sent as written needs a ${missing.join(' and a ')}`,
      missing.map((field) => ({ field, reason: MISSING_REASON })),
    );
  }
  const issues = validateTemplate(template);
  if (issues.length > 0) refuse(issues);
}

/**
 * Refuse, before anything is saved, a template that would fail when a reminder is due: one that
 * does not read (as requireValidTemplate), or one that cannot render within its budget. It is
 * rendered once for a made-up customer, as "Send to me" would without an overdue customer; a
 * template over its budget is a 422 naming the field and line (docs/decisions/0031-templates-under-a-budget.md).
 */
export async function requireRenderableTemplate(template: TemplateToRender): Promise<void> {
  requireValidTemplate(template);
  const today = organisationToday('UTC');
  const data = mergeDataFor(sampleCustomer('GBP', today), template.kind, { today, senderName: 'Sample Sender', signature: 'Sample Sender', remindersSent: 1 });
  await renderEmail(template, data, 'trial-render');
}
