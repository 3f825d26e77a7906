import type { EmailKind, GeneratedTemplate, Tone } from '@receivables/contracts';

import { type BeforeDuePhrases, PHRASES, type TonePhrases } from './phrase-library';

/** One passage: as written when it has a single wording, else a `{% variants %}` block of them all. */
const passage = (variants: string[]): string => (variants.length === 1 ? (variants[0] ?? '') : `{% variants %}${variants.join('{% or %}')}{% endvariants %}`);

/**
 * A passage that has a wording for a reminder before the due date (decision 0036): both, chosen by
 * `before_due`, each branch keeping its own `{% variants %}`. Otherwise the passage alone.
 */
function timed(p: TonePhrases, name: keyof BeforeDuePhrases): string {
  const before = p.beforeDue?.[name];
  return before ? `{% if before_due %}${passage(before)}{% else %}${passage(p[name])}{% endif %}` : passage(p[name]);
}

/**
 * A template in a tone and kind from the project's phrase library (docs/email-tones.md): Liquid a
 * person can edit, whose `{% variants %}` blocks let `vary` reword repeated reminders.
 */
export function generateTemplate(tone: Tone, kind: EmailKind): GeneratedTemplate {
  const p = PHRASES[kind][tone];
  const body = [
    `<p>${p.greeting}</p>`,
    `<p>${timed(p, 'opening')}</p>`,
    '{{ invoice_table }}',
    `<p>${timed(p, 'ask')}</p>`,
    `<p>${timed(p, 'next')}</p>`,
    // One sign-off: the signature, or the sender name when there is none (issue 29: it was both).
    `<p>${passage(p.closing)}<br>{{ sign_off }}</p>`,
  ].join('\n');
  return { subject: timed(p, 'subject'), body };
}
