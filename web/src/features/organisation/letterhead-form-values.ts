import { type Letterhead, letterheadIssues, type LetterheadUpdate } from '@receivables/contracts';
import { z } from 'zod';

/** The Letterhead form: text as typed ('' for not set) and the logo as a data: URL or null. */
export interface LetterheadFormValues {
  company_name: string;
  company_number: string;
  company_address: string;
  vat_number: string;
  logo: string | null;
}

/** The fields the API may name in a refusal, each shown next to its own input. */
export const LETTERHEAD_FIELDS = ['company_name', 'company_number', 'company_address', 'vat_number', 'logo'] as const;

export function letterheadFormValues(letterhead: Letterhead): LetterheadFormValues {
  return {
    company_name: letterhead.company_name ?? '',
    company_number: letterhead.company_number ?? '',
    company_address: letterhead.company_address ?? '',
    vat_number: letterhead.vat_number ?? '',
    logo: letterhead.logo,
  };
}

/** What is sent: blank text as null (the server trims and normalises the rest). */
export function letterheadUpdate(values: LetterheadFormValues): LetterheadUpdate {
  const text = (value: string) => (value.trim() === '' ? null : value);
  return {
    company_name: text(values.company_name),
    company_number: text(values.company_number),
    company_address: text(values.company_address),
    vat_number: text(values.vat_number),
    logo: values.logo,
  };
}

/** The server's own rules (letterheadIssues), checked before a round trip; each issue next to its field. */
export const letterheadFormSchema = z
  .object({
    company_name: z.string(),
    company_number: z.string(),
    company_address: z.string(),
    vat_number: z.string(),
    logo: z.string().nullable(),
  })
  .superRefine((values, ctx) => {
    for (const issue of letterheadIssues(letterheadUpdate(values)).issues) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.reason });
  });
