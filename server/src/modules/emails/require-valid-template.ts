import { AppError } from '../../errors/app-error';

import { validateTemplate } from './validate-template';

/** Refuse, before anything is saved, a template that would fail when a reminder is due. */
export function requireValidTemplate(template: { subject: string; body: string }): void {
  const issues = validateTemplate(template);
  if (issues.length > 0) {
    throw new AppError('VALIDATION_FAILED', `The template cannot be used: ${issues.map((i) => `${i.field} ${i.reason}`).join('; ')}`, issues);
  }
}
