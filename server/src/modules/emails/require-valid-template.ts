import { type FieldIssue, organisationToday } from '@receivables/contracts';

import { AppError } from '../../errors/app-error';

import { mergeDataFor } from './load-customer-mail';
import { renderEmail, type TemplateToRender } from './render-email';
import { sampleCustomer } from './sample-customer';
import { validateTemplate } from './validate-template';

function refuse(issues: FieldIssue[]): never {
  throw new AppError('VALIDATION_FAILED', `The template cannot be used: ${issues.map((i) => `${i.field} ${i.reason}`).join('; ')}`, issues);
}

/** Refuse, before anything is saved, a template that could not be read when a reminder is due. */
export function requireValidTemplate(template: { subject: string; body: string }): void {
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
