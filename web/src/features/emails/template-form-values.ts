import {
  EMAIL_KIND_LABELS,
  emailKindSchema,
  type EmailKind,
  type EmailTemplate,
  type EmailTemplateWrite,
  type GeneratedTemplate,
  TEMPLATE_BODY_MAX,
  TEMPLATE_SUBJECT_MAX,
  TONE_LABELS,
  toneSchema,
  type Tone,
  usesOwnWording,
  variationSchema,
} from '@receivables/contracts';
import { z } from 'zod';

/**
 * The template editor's form: the API's `emailTemplateWriteSchema` worded for a person. Liquid is
 * checked by the server only (it alone knows the engine), and comes back naming field and line.
 */
export const templateFormSchema = z
  .object({
    name: z.string().trim().min(1, 'Enter a name').max(120, 'Use at most 120 characters'),
    tone: toneSchema,
    kind: emailKindSchema,
    variation: variationSchema,
    subject: z.string().trim().max(TEMPLATE_SUBJECT_MAX, `Use at most ${TEMPLATE_SUBJECT_MAX} characters`),
    body: z.string().trim().max(TEMPLATE_BODY_MAX, `Use at most ${TEMPLATE_BODY_MAX.toLocaleString('en-GB')} characters`),
  })
  // "Write from the tone" writes both itself: its subject and body are hidden, kept and not required.
  .superRefine((draft, ctx) => {
    if (!usesOwnWording(draft.variation)) return;
    if (!draft.subject) ctx.addIssue({ code: 'custom', path: ['subject'], message: 'Write a subject' });
    if (!draft.body) ctx.addIssue({ code: 'custom', path: ['body'], message: 'Write the body' });
  });
export type TemplateDraft = z.infer<typeof templateFormSchema>;

/** The fields the API may name in a refusal, each shown under its own input. */
export const TEMPLATE_FIELDS = ['name', 'tone', 'kind', 'variation', 'subject', 'body'] as const;

/** The two fields merge fields can be inserted into. */
export type SourceField = 'subject' | 'body';

export const blankDraft = (): TemplateDraft => ({
  name: '',
  tone: 'friendly-reminder',
  kind: 'regular_email',
  variation: 'none',
  subject: '',
  body: '',
});

export const draftFromTemplate = (t: EmailTemplate): TemplateDraft => ({
  name: t.name,
  tone: t.tone,
  kind: t.kind,
  variation: t.variation,
  subject: t.subject,
  body: t.body,
});

/**
 * A generated text's name, from its tone and kind ("Firm reminder", "Urgent escalation"), the tone's
 * own "reminder" not said twice ("Friendly reminder", never "Friendly reminder reminder").
 */
export function generatedTemplateName(tone: Tone, kind: EmailKind): string {
  const toneWords = TONE_LABELS[tone].replace(/ reminder$/i, '');
  return `${toneWords} ${EMAIL_KIND_LABELS[kind].toLowerCase()}`;
}

/** A generated text, named after its tone and kind until the person renames it. */
export const draftFromGenerated = (tone: Tone, kind: EmailKind, generated: GeneratedTemplate): TemplateDraft => ({
  name: generatedTemplateName(tone, kind),
  tone,
  kind,
  variation: 'none',
  subject: generated.subject,
  body: generated.body,
});

export const templateWrite = (draft: TemplateDraft): EmailTemplateWrite => ({ ...draft });
