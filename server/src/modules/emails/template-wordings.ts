import { type EmailKind, PREVIEW_WORDINGS, type PreviewWording, WORDING_MAX } from '@receivables/contracts';

import type { ChasingContext } from '../../org/read-chasing-settings';

import { type CustomerMail, mergeDataFor } from './load-customer-mail';
import type { MergeData } from './merge-values';
import { renderEmail, type TemplateToRender } from './render-email';
import { renderInTurn } from './render-turns';

/**
 * The seed `vary` and `full` choose a preview's wording `n` by, for one customer. The template
 * preview and Send to me both render by it, so what is sent to oneself is the letter previewed.
 */
export const wordingSeed = (customerId: string, wording = 1): string => (wording === 1 ? `${customerId}:preview` : `${customerId}:preview:${wording}`);

/** What the template preview and Send to me fill a template in with: the customer as they are today, as a first letter. */
export function previewMergeData(mail: CustomerMail, kind: EmailKind, chasing: Pick<ChasingContext, 'senderName' | 'signature'>, today: string): MergeData {
  return mergeDataFor(mail, kind, { today, senderName: chasing.senderName, signature: chasing.signature, remindersSent: 0 });
}

const sameLetter = (a: PreviewWording, b: PreviewWording) => a.subject === b.subject && a.html === b.html;

/**
 * The letters a preview shows: for `full` ("Write from the tone"), wordings tried in order until
 * PREVIEW_WORDINGS different ones are found (at most WORDING_MAX tried; the phrase library has
 * more than enough); for `none` and `vary`, the first alone. Each render takes its own turn
 * (decision 0031), so a preview of several letters holds the event loop no longer than one.
 */
export async function renderWordings(template: TemplateToRender, data: MergeData, customerId: string): Promise<PreviewWording[]> {
  const wanted = template.variation === 'full' ? PREVIEW_WORDINGS : 1;
  const found: PreviewWording[] = [];
  for (let wording = 1; wording <= WORDING_MAX && found.length < wanted; wording++) {
    const letter = { ...(await renderInTurn(() => renderEmail(template, data, wordingSeed(customerId, wording)))), wording };
    if (!found.some((other) => sameLetter(other, letter))) found.push(letter);
  }
  return found;
}
