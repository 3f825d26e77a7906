import { z } from 'zod';

import { asciiDomain } from '../common/email';
import { isStorableText, STORABLE_TEXT_MESSAGE, textSchema } from '../common/text';

// The pieces of mail settings that end up in headers, DNS names or an SMTP conversation: each is
// checked strictly, so a line break can never become a header of its own (decision 0019).

const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
const ONE_LINE_MESSAGE = 'must be on one line, without control characters';

/** Text on one line: trimmed, storable, no CR, LF or other control character. */
export const oneLineText = (max: number, min = 1) => textSchema({ min, max }).refine((v) => !CONTROL_CHARACTERS.test(v), ONE_LINE_MESSAGE);

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The ASCII (punycode) form of a host name, lower-cased, each label valid; null when it is not one. */
export function asciiHostName(value: string): string | null {
  if (value.length > 253 || value.includes('%')) return null;
  const ascii = asciiDomain(value);
  if (ascii === null) return null;
  const labels = ascii.replace(/\.$/, '').split('.');
  return labels.every((label) => LABEL.test(label)) ? labels.join('.') : null;
}

/** Whether `value` is a domain of the public DNS: host-name labels, at least two of them, the last not all digits. */
export function isDomainName(value: string): boolean {
  const ascii = asciiHostName(value);
  return ascii !== null && ascii.includes('.') && !/^\d+$/.test(ascii.slice(ascii.lastIndexOf('.') + 1));
}

/** A domain such as `example.co.uk` (internationalised ones accepted); stored as typed. */
export const domainNameSchema = z
  .string()
  .trim()
  .max(253, 'must be at most 253 characters')
  .refine(isStorableText, STORABLE_TEXT_MESSAGE)
  .refine(isDomainName, 'must be a domain such as example.co.uk');

const IPV4 = z.ipv4();
const IPV6 = z.ipv6();

/** A mail server's address: a host name (`smtp.example.com`, `mailhog`) or an IPv4 or IPv6 address, no port or scheme. */
export const smtpHostSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(253, 'must be at most 253 characters')
  .refine(
    (v) => IPV4.safeParse(v).success || IPV6.safeParse(v).success || asciiHostName(v) !== null,
    'must be a host name or IP address such as smtp.example.com, without a port or scheme',
  );

/** A TCP port: a whole number from 1 to 65535. */
export const smtpPortSchema = z.number().int('must be a whole number').min(1, 'must be from 1 to 65535').max(65_535, 'must be from 1 to 65535');

/** A DKIM selector: one or more DNS labels (`mail`, `rcv2026.eu`). */
export const dkimSelectorSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(63, 'must be at most 63 characters')
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/, 'must be letters, digits and hyphens, such as mail or rcv2026');

/** A password as typed: not trimmed (spaces may be part of it), but on one line. */
export const smtpPasswordSchema = z
  .string()
  .min(1, 'must not be empty (send null for no password)')
  .max(512, 'must be at most 512 characters')
  .refine(isStorableText, STORABLE_TEXT_MESSAGE)
  .refine((v) => !CONTROL_CHARACTERS.test(v), ONE_LINE_MESSAGE);
