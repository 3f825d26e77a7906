import type { EmailKind, RenderedEmail, Tone, Variation } from '@receivables/contracts';

import { emailText, layoutEmailHtml, sanitizeEmailHtml } from './email-html';
import { type MergeData, mergeValues } from './merge-values';
import { generateTemplate } from './phrases/generate-template';
import { bodyEngine, renderLiquid, subjectEngine } from './template-engine';

/** What a template contributes to a render: its wording and how that wording is chosen. */
export interface TemplateToRender {
  tone: Tone;
  kind: EmailKind;
  subject: string;
  body: string;
  variation: Variation;
}

/**
 * Renders one email exactly as the customer receives it: the preview, the scheduler's pending
 * events and the sender all call this, so what a person reads is what goes out. `seed` names the
 * customer and workflow step, so `vary` picks the same wording for the same step every time.
 */
export async function renderEmail(template: TemplateToRender, data: MergeData, seed: string): Promise<RenderedEmail> {
  const choice = { variation: template.variation, seed };
  // `full` writes the whole letter from the tone's phrase library, varied like `vary`.
  const source = template.variation === 'full' ? generateTemplate(template.tone, template.kind) : template;
  const rawSubject = await renderLiquid(subjectEngine, source.subject, mergeValues(data, 'text'), choice);
  // A subject is one line: a merged value cannot add headers or break the line.
  const subject = rawSubject.replace(/\s+/g, ' ').trim();
  const fragment = sanitizeEmailHtml(await renderLiquid(bodyEngine, source.body, mergeValues(data, 'html'), choice));
  return { subject, html: layoutEmailHtml(fragment, subject), text: emailText(fragment) };
}
