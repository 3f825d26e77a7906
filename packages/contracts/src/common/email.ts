import { z } from 'zod';

import { isStorableText, STORABLE_TEXT_MESSAGE } from './text';

const asciiEmail = z.email();

/**
 * The ASCII form of an address's domain (`café.co.uk` → `xn--caf-dma.co.uk`), or null when it is
 * not a host name. The WHATWG URL parser does the IDNA mapping in both Node and the browser.
 */
export function asciiDomain(domain: string): string | null {
  if (domain === '' || /[\s/?#@:[\]\\]/.test(domain)) return null;
  try {
    return new URL(`http://${domain}`).hostname;
  } catch {
    return null;
  }
}

/**
 * Whether `value` is an email address. Internationalised domains are accepted (UK businesses
 * have them: `accounts@bluedoorcafé.co.uk`): the domain is checked in its ASCII (punycode) form,
 * which is also what SMTP uses.
 */
export function isEmailAddress(value: string): boolean {
  const at = value.lastIndexOf('@');
  if (at <= 0) return false;
  const domain = asciiDomain(value.slice(at + 1));
  return domain !== null && asciiEmail.safeParse(`${value.slice(0, at)}@${domain}`).success;
}

/** An email address as input and output; stored as written (Unicode domains included). */
export const emailAddressSchema = z
  .string()
  .trim()
  .max(320, 'must be at most 320 characters')
  .refine(isStorableText, STORABLE_TEXT_MESSAGE)
  .refine(isEmailAddress, 'must be an email address such as accounts@example.co.uk');
