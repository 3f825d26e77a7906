import type { EmailKind, RenderedEmail, Tone, Variation } from '@receivables/contracts';

import { AppError } from '../../errors/app-error';
import { emailText, layoutEmailHtml, sanitizeEmailHtml } from '../../lib/email-html';

import { type MergeData, mergeValues } from './merge-values';
import { generateTemplate } from './phrases/generate-template';
import { bodyEngine, renderLiquid, subjectEngine } from './template-engine';
import { describeLiquidError, isLiquidRefusal } from './validate-template';

/** What a template contributes to a render: its wording and how that wording is chosen. */
export interface TemplateToRender {
  tone: Tone;
  kind: EmailKind;
  subject: string;
  body: string;
  variation: Variation;
}

/**
 * A template that fails as it renders (over its budget, or a value Liquid cannot print) is a rule
 * of the template's, answered 422 naming the field and line, never a server error.
 */
async function renderField(field: 'subject' | 'body', render: () => Promise<string>): Promise<string> {
  try {
    return await render();
  } catch (error) {
    if (!isLiquidRefusal(error)) throw error;
    const reason = describeLiquidError(error);
    throw new AppError('DOMAIN_RULE', `The template cannot be rendered: ${field} ${reason}`, [{ field, reason }]);
  }
}

/** `full` writes the whole letter from the tone's phrase library, varied like `vary`. */
const sourceOf = (template: TemplateToRender) => (template.variation === 'full' ? generateTemplate(template.tone, template.kind) : template);

/**
 * The subject alone, exactly as renderEmail renders it: what the scheduler stores with a planned
 * email (Activity lists it) without paying for the body, rendered when read or sent (decision 0020).
 */
export async function renderSubject(template: TemplateToRender, data: MergeData, seed: string): Promise<string> {
  const raw = await renderField('subject', () => renderLiquid(subjectEngine, sourceOf(template).subject, mergeValues(data, 'text'), { variation: template.variation, seed }));
  // A subject is one line: a merged value cannot add headers or break the line.
  return raw.replace(/\s+/g, ' ').trim();
}

/**
 * Renders one email exactly as the customer receives it: the preview, the scheduler's pending
 * events and the sender all call this, so what a person reads is what goes out. `seed` names the
 * customer and workflow step, so `vary` picks the same wording for the same step every time.
 */
export async function renderEmail(template: TemplateToRender, data: MergeData, seed: string): Promise<RenderedEmail> {
  const choice = { variation: template.variation, seed };
  const source = sourceOf(template);
  const subject = await renderSubject(template, data, seed);
  const fragment = sanitizeEmailHtml(await renderField('body', () => renderLiquid(bodyEngine, source.body, mergeValues(data, 'html'), choice)));
  return { subject, html: layoutEmailHtml(fragment, subject), text: emailText(fragment) };
}
