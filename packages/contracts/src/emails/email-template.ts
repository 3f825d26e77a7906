import { z } from 'zod';

import { listResponseSchema } from '../common/list';
import { textSchema } from '../common/text';

/**
 * How a reminder reads (docs/domain.md#workflows-and-templates): friendly-reminder assumes an
 * oversight, relationship-building offers help, firm states facts and the next step, urgent asks
 * for action now. The phrase rules for each are in docs/email-tones.md.
 */
export const TONES = ['friendly-reminder', 'relationship-building', 'firm', 'urgent'] as const;
export const toneSchema = z.enum(TONES);
export type Tone = z.infer<typeof toneSchema>;

/** `regular_email` goes to the primary contact; `escalation_email` to the escalation contact, the primary in copy. */
export const EMAIL_KINDS = ['regular_email', 'escalation_email'] as const;
export const emailKindSchema = z.enum(EMAIL_KINDS);
export type EmailKind = z.infer<typeof emailKindSchema>;

/**
 * How the wording is chosen at send time: `none` as written (the first of each `{% variants %}`),
 * `vary` one variant per block chosen by customer and step, `full` the whole body written from the
 * tone's phrase library.
 */
export const VARIATIONS = ['none', 'vary', 'full'] as const;
export const variationSchema = z.enum(VARIATIONS);
export type Variation = z.infer<typeof variationSchema>;

export const TONE_LABELS: Record<Tone, string> = {
  'friendly-reminder': 'Friendly reminder',
  'relationship-building': 'Relationship building',
  firm: 'Firm',
  urgent: 'Urgent',
};

export const EMAIL_KIND_LABELS: Record<EmailKind, string> = {
  regular_email: 'Reminder',
  escalation_email: 'Escalation',
};

export const VARIATION_LABELS: Record<Variation, string> = {
  none: 'Send as written',
  vary: 'Vary the wording',
  full: 'Write from the tone',
};

/** Long enough for a real letter, short enough that a render stays cheap. */
export const TEMPLATE_BODY_MAX = 20_000;
// The subject source may hold `{% variants %}` of several wordings; the rendered subject is one line.
export const TEMPLATE_SUBJECT_MAX = 1_000;

/** A merge field a template can use, as the editor lists it with an insert button. */
export interface MergeField {
  /** The Liquid name, e.g. `customer_name`. */
  name: string;
  /** What it holds, in a few words. */
  label: string;
  /** What the editor inserts: `{{ name }}`, or a tag for the invoice table. */
  snippet: string;
}

/**
 * Every merge field a template may use (docs/domain.md#workflows-and-templates). A template that
 * names anything else is refused when it is saved, naming the field and its line.
 */
export const MERGE_FIELDS: readonly MergeField[] = [
  { name: 'customer_name', label: 'Customer name', snippet: '{{ customer_name }}' },
  { name: 'contact_name', label: 'Name of the person written to', snippet: '{{ contact_name }}' },
  { name: 'contact_first_name', label: 'First name of the person written to', snippet: '{{ contact_first_name }}' },
  { name: 'primary_contact_name', label: 'Name of the primary contact', snippet: '{{ primary_contact_name }}' },
  { name: 'amount_overdue', label: 'Amount overdue, formatted', snippet: '{{ amount_overdue }}' },
  { name: 'invoice_count', label: 'Number of overdue invoices', snippet: '{{ invoice_count }}' },
  { name: 'days_late', label: 'Days since the oldest due date', snippet: '{{ days_late }}' },
  { name: 'oldest_due_date', label: 'Oldest overdue due date', snippet: '{{ oldest_due_date }}' },
  { name: 'days_until_due', label: 'Days until the due date (a reminder before it)', snippet: '{{ days_until_due }}' },
  { name: 'amount_due', label: 'Total of the invoices the email is about', snippet: '{{ amount_due }}' },
  // A condition rather than a value: a passage worded for before the due date, and for once it is overdue.
  { name: 'before_due', label: 'Before the due date: nothing listed is overdue yet', snippet: '{% if before_due %}{% else %}{% endif %}' },
  { name: 'invoice_table', label: 'Table of overdue invoices with payment links', snippet: '{{ invoice_table }}' },
  { name: 'reminders_sent', label: 'Reminders already sent', snippet: '{{ reminders_sent }}' },
  { name: 'sender_name', label: 'Your organisation’s sender name', snippet: '{{ sender_name }}' },
  { name: 'signature', label: 'Your signature', snippet: '{{ signature }}' },
  { name: 'sign_off', label: 'Your signature, or the sender name when there is none', snippet: '{{ sign_off }}' },
  { name: 'payment_link_count', label: 'Number of overdue invoices with a payment link', snippet: '{{ payment_link_count }}' },
];

export const MERGE_FIELD_NAMES: ReadonlySet<string> = new Set(MERGE_FIELDS.map((f) => f.name));

/**
 * Whether a template's own subject and body are what it sends: not for `full` ("Write from the
 * tone"), which writes both from the phrase library at send time (issue 29).
 */
export const usesOwnWording = (variation: Variation): boolean => variation !== 'full';

/**
 * A template as it is created or changed. Subject and body may be empty or absent for `full`,
 * which does not use them (any text given is kept, for a switch back); for the other variations
 * the server requires both: 422 `DOMAIN_RULE` naming the field (issue 29).
 */
export const emailTemplateWriteSchema = z.object({
  name: textSchema({ min: 1, max: 120 }),
  tone: toneSchema,
  kind: emailKindSchema,
  subject: textSchema({ max: TEMPLATE_SUBJECT_MAX }).default(''),
  body: textSchema({ max: TEMPLATE_BODY_MAX }).default(''),
  variation: variationSchema.default('none'),
});
export type EmailTemplateWrite = z.input<typeof emailTemplateWriteSchema>;

export const emailTemplateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  tone: toneSchema,
  kind: emailKindSchema,
  subject: z.string(),
  body: z.string(),
  variation: variationSchema,
  /** How many workflow actions use it; a template in use cannot be deleted. */
  used_by: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

/** `GET /api/emails/`: the organisation's templates, by name. */
export const emailTemplateListResponseSchema = listResponseSchema(emailTemplateSchema);
export type EmailTemplateListResponse = z.infer<typeof emailTemplateListResponseSchema>;

/** `POST /api/generate-template/?tone=&kind=` */
export const generateTemplateQuerySchema = z.object({ tone: toneSchema, kind: emailKindSchema });
export type GenerateTemplateQuery = z.infer<typeof generateTemplateQuerySchema>;

export const generatedTemplateSchema = z.object({ subject: z.string(), body: z.string() });
export type GeneratedTemplate = z.infer<typeof generatedTemplateSchema>;

/** One rendered email, exactly as the customer would receive it. */
export const renderedEmailSchema = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});
export type RenderedEmail = z.infer<typeof renderedEmailSchema>;

export const emailTemplateIdParamsSchema = z.object({ id: z.uuid() });

/**
 * `POST /api/emails/preview/`: a template as it is being edited (saved or not), rendered for one
 * customer, so the editor shows exactly what that customer would receive.
 */
export const emailTemplatePreviewRequestSchema = emailTemplateWriteSchema.omit({ name: true }).extend({ customer_id: z.uuid() });
export type EmailTemplatePreviewRequest = z.input<typeof emailTemplatePreviewRequestSchema>;

/** Someone an email is addressed to. */
export const emailRecipientSchema = z.object({ name: z.string().nullable(), email: z.string() });
export type EmailRecipient = z.infer<typeof emailRecipientSchema>;

/**
 * Which wording of a customer's letter a preview rendering is: the same number renders the same
 * letter for the same customer, in the preview and in Send to me. 1 is the one a preview shows first.
 */
export const WORDING_MAX = 8;
export const wordingSchema = z.int().min(1).max(WORDING_MAX);

/** How many different letters the preview of a `full` template shows (fewer only if the phrase library has fewer). */
export const PREVIEW_WORDINGS = 3;

/** One letter a `full` template may write for the customer, and its number for Send to me. */
export const previewWordingSchema = renderedEmailSchema.extend({ wording: wordingSchema });
export type PreviewWording = z.infer<typeof previewWordingSchema>;

/**
 * The answer to a template preview: the rendered email and who it would go to, or the `problem`
 * that would stop it being sent to this customer (no contact of the kind's role).
 */
export const emailTemplatePreviewSchema = renderedEmailSchema.extend({
  to: z.array(emailRecipientSchema),
  cc: z.array(emailRecipientSchema),
  problem: z.string().nullable(),
  /**
   * For `full` ("Write from the tone"): the different letters the phrase library writes for this
   * customer (two or three; the first is the one above), as each customer and step gets one of
   * them. Empty for `none` and `vary`, which write the one above.
   */
  wordings: z.array(previewWordingSchema),
});
export type EmailTemplatePreview = z.infer<typeof emailTemplatePreviewSchema>;
