import type { EmailKind, GeneratedTemplate, Tone } from '@receivables/contracts';

import { PHRASES } from './phrase-library';

/** One passage: as written when it has a single wording, else a `{% variants %}` block of them all. */
const passage = (variants: string[]): string => (variants.length === 1 ? (variants[0] ?? '') : `{% variants %}${variants.join('{% or %}')}{% endvariants %}`);

/**
 * A template in a tone and kind from the project's phrase library (docs/email-tones.md): Liquid a
 * person can edit, whose `{% variants %}` blocks let `vary` reword repeated reminders.
 */
export function generateTemplate(tone: Tone, kind: EmailKind): GeneratedTemplate {
  const p = PHRASES[kind][tone];
  const body = [
    `<p>${p.greeting}</p>`,
    `<p>${passage(p.opening)}</p>`,
    '{{ invoice_table }}',
    `<p>${passage(p.ask)}</p>`,
    `<p>${passage(p.next)}</p>`,
    // One sign-off: the signature, or the sender name when there is none (issue 29: it was both).
    `<p>${passage(p.closing)}<br>{{ sign_off }}</p>`,
  ].join('\n');
  return { subject: passage(p.subject), body };
}
