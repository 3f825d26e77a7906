import { z } from 'zod';

/**
 * What a customer's reply is about, suggested by transparent word rules (decision 0021): it says
 * it has paid, promises a date, disputes, says we have the wrong contact, asks for a copy or a
 * statement, or asks us to stop. A person always confirms; a reply no rule matches has none.
 */
export const TRIAGE_CATEGORIES = ['paid', 'promise', 'dispute', 'wrong_contact', 'copy_request', 'stop'] as const;
export const triageCategorySchema = z.enum(TRIAGE_CATEGORIES);
export type TriageCategory = z.infer<typeof triageCategorySchema>;

export const TRIAGE_CATEGORY_LABELS: Record<TriageCategory, string> = {
  paid: 'Says it has paid',
  promise: 'Promises to pay',
  dispute: 'Disputes the debt',
  wrong_contact: 'Wrong contact',
  copy_request: 'Asks for a copy',
  stop: 'Asks us to stop',
};

/**
 * A suggestion and why: the category, the words of the reply that triggered it (as written, so
 * the screen can highlight them), and what it read from them — a promised date, a new address.
 */
export const triageSuggestionSchema = z.object({
  category: triageCategorySchema,
  /** The phrases that matched, exactly as they appear in the reply's text. */
  matches: z.array(z.string()),
  /** For `promise`: the calendar day it promises to pay by, when it names one. */
  promised_on: z.iso.date().nullable(),
  /** For `wrong_contact`: the address it says to write to instead, when it names one. */
  new_contact: z.object({ email: z.string(), name: z.string().nullable() }).nullable(),
});
export type TriageSuggestion = z.infer<typeof triageSuggestionSchema>;

/**
 * What an out-of-office auto-reply said: the day its writer is back (the first calendar day they
 * are back, as the message means it) and who stands in for them meanwhile.
 */
export const outOfOfficeSchema = z.object({
  /** The first day back; null when the message names none. */
  returns_on: z.iso.date().nullable(),
  /** The words the date was read from, as written. */
  return_phrase: z.string().nullable(),
  /** Someone to write to meanwhile, when the message names an address. */
  stand_in: z.object({ email: z.string(), name: z.string().nullable() }).nullable(),
});
export type OutOfOffice = z.infer<typeof outOfOfficeSchema>;
