import { z } from 'zod';

import type { FieldIssue } from '../common/errors';
import { isStorableText, storableText } from '../common/text';

/**
 * `GET` and `PUT /api/organisation/letterhead` (Settings → Organisation, decision 0038): the
 * company every email comes from — its registered name, company number, registered office and VAT
 * number, shown in each email's footer when set — and its logo, shown at the top. Null: not set.
 */
export const letterheadSchema = z.object({
  company_name: z.string().nullable(),
  /** As registered: "01234567" or "SC123456" in the UK; other countries' forms are allowed too. */
  company_number: z.string().nullable(),
  /** The registered office, one line of the address a line of text. */
  company_address: z.string().nullable(),
  /** Upper case without spaces, such as GB123456789. */
  vat_number: z.string().nullable(),
  /** A `data:image/png;base64,…` or `data:image/jpeg;base64,…` URL of at most LOGO_MAX_BYTES. */
  logo: z.string().nullable(),
});
export type Letterhead = z.infer<typeof letterheadSchema>;

/**
 * `PUT /api/organisation/letterhead`: the whole letterhead, each field text or null. Only the
 * types are the schema's (a 400); what the text says is {@link letterheadIssues}' (a 422 naming
 * the field), so the form and the server apply the same rules.
 */
// Text the database can store is checked with the shape (a NUL names its field at once, like
// every other body); lengths and formats are the 422 rules below.
const storable = () => storableText(z.string()).nullable();
export const letterheadUpdateSchema = z.strictObject({
  company_name: storable(),
  company_number: storable(),
  company_address: storable(),
  vat_number: storable(),
  logo: storable(),
});
export type LetterheadUpdate = z.infer<typeof letterheadUpdateSchema>;

/** Companies House allows 160 characters for a company's name. */
export const COMPANY_NAME_MAX = 160;
export const COMPANY_ADDRESS_MAX = 300;
export const COMPANY_ADDRESS_MAX_LINES = 8;
/** The decoded image; a logo is a few kilobytes, and every email carries it. */
export const LOGO_MAX_BYTES = 100 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg'] as const;

/**
 * A company number as registers write them: letters and digits, with single spaces, hyphens, dots
 * or slashes between them, 2–30 characters and at least one digit. The UK's eight characters
 * (01234567, SC123456) fit, as do "HRB 12345" (Germany) or "123 456 789" (France).
 */
const COMPANY_NUMBER = /^[A-Z0-9]+(?:[ ./-][A-Z0-9]+)*$/;
/**
 * A VAT number written without spaces, dots or hyphens: a two-letter country prefix and 2–13
 * letters or digits (the EU's formats, loosely: "ATU12345678", "NL123456789B01"). GB and XI are
 * checked exactly: 9 or 12 digits, or GD/HA and 3 digits.
 */
const VAT_NUMBER = /^[A-Z]{2}[0-9A-Z+*]{2,13}$/;
const UK_VAT_NUMBER = /^(?:GB|XI)(?:\d{9}|\d{12}|GD\d{3}|HA\d{3})$/;
const LOGO_URL = /^data:(image\/png|image\/jpeg);base64,([A-Za-z0-9+/]+={0,2})$/;
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_MAGIC = [0xff, 0xd8, 0xff];

/** A logo data URL's type and bytes, or why it is not one we take. */
export function decodeLogo(url: string): { type: (typeof LOGO_TYPES)[number]; bytes: Uint8Array } | { reason: string } {
  const match = LOGO_URL.exec(url);
  if (!match?.[1] || !match[2] || match[2].length % 4 !== 0) return { reason: 'must be a PNG or JPEG image as a data: URL (data:image/png;base64,…)' };
  const type = match[1] as (typeof LOGO_TYPES)[number];
  const padding = match[2].endsWith('==') ? 2 : match[2].endsWith('=') ? 1 : 0;
  // Measured before decoding: a huge upload is refused without being decoded.
  if ((match[2].length / 4) * 3 - padding > LOGO_MAX_BYTES) return { reason: `must be at most ${LOGO_MAX_BYTES / 1024} KB` };
  const bytes = Uint8Array.from(atob(match[2]), (c) => c.charCodeAt(0));
  // The bytes decide, not the prefix: a renamed GIF or SVG (which can carry script) is refused.
  const magic = type === 'image/png' ? PNG_MAGIC : JPEG_MAGIC;
  if (!magic.every((b, i) => bytes[i] === b)) return { reason: `is not a ${type === 'image/png' ? 'PNG' : 'JPEG'} image: its bytes are not one` };
  return { type, bytes };
}

type Text = string | null;
const blankToNull = (value: Text): Text => (value === null || value.trim() === '' ? null : value);

/**
 * The letterhead as it is stored — trimmed; the numbers upper case, the VAT number without
 * spaces; the address's lines trimmed, blank ones dropped; empty text as null — with each field
 * it refuses and why. The server answers those with a 422; the form shows them before sending.
 */
export function letterheadIssues(input: LetterheadUpdate): { value: Letterhead; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const refuse = (field: keyof Letterhead, reason: string) => issues.push({ field, reason });
  for (const [field, text] of Object.entries(input) as [keyof Letterhead, Text][]) {
    if (text !== null && !isStorableText(text)) refuse(field, 'must be text without NUL characters or unpaired surrogates');
  }
  const name = blankToNull(input.company_name)?.trim().replace(/\s+/g, ' ') ?? null;
  if (name !== null && name.length > COMPANY_NAME_MAX) refuse('company_name', `must be at most ${COMPANY_NAME_MAX} characters`);

  const number = blankToNull(input.company_number)?.trim().replace(/\s+/g, ' ').toUpperCase() ?? null;
  if (number !== null && (number.length < 2 || number.length > 30 || !COMPANY_NUMBER.test(number) || !/\d/.test(number))) {
    refuse('company_number', 'must be the number as registered, such as 01234567 or SC123456: letters and digits, 2–30 characters');
  }

  const lines = (input.company_address ?? '').split(/\r\n|\r|\n/).map((line) => line.trim().replace(/\s+/g, ' ')).filter((line) => line !== '');
  const address = lines.length > 0 ? lines.join('\n') : null;
  if (address !== null && address.length > COMPANY_ADDRESS_MAX) refuse('company_address', `must be at most ${COMPANY_ADDRESS_MAX} characters`);
  else if (lines.length > COMPANY_ADDRESS_MAX_LINES) refuse('company_address', `must be at most ${COMPANY_ADDRESS_MAX_LINES} lines`);

  const vat = blankToNull(input.vat_number)?.replace(/[\s.-]/g, '').toUpperCase() ?? null;
  if (vat !== null && (!VAT_NUMBER.test(vat) || ((vat.startsWith('GB') || vat.startsWith('XI')) && !UK_VAT_NUMBER.test(vat)))) {
    refuse('vat_number', 'must be a VAT number with its country prefix, such as GB123456789');
  }

  const logo = blankToNull(input.logo);
  if (logo !== null) {
    const decoded = decodeLogo(logo);
    if ('reason' in decoded) refuse('logo', decoded.reason);
  }
  return { value: { company_name: name, company_number: number, company_address: address, vat_number: vat, logo }, issues };
}
