import { readFileSync } from 'node:fs';

/**
 * Raw inbound emails written for tests (server/test/fixtures/inbound), and ways to re-address them
 * to what a test has just made: the reply address with a real token, the Message-ID of an email
 * really sent, so an integration test can deliver a fixture to the SMTP listener or the webhook
 * and see it matched. The fixtures are CRLF throughout, as on the wire (.gitattributes keeps them so).
 */

export const INBOUND_FIXTURES = [
  'outlook-reply',
  'gmail-reply-with-attachment',
  'apple-mail-reply-latin1',
  'out-of-office-exchange',
  'dsn-postfix-user-unknown',
  'dsn-exim-mailbox-full',
  'dsn-exchange-delayed-headers-only',
  'dsn-not-ours',
  'bounce-qmail-plain-text',
] as const;

export type InboundFixtureName = (typeof INBOUND_FIXTURES)[number];

/** The ids the fixtures were written with: each one, wherever it appears, is what readdressFixture replaces. */
export const FIXTURE_IDS = {
  /**
   * The reminder the fixtures answer (In-Reply-To, References) or return (a DSN's returned
   * Message-ID; the qmail bounce's quoted copy). dsn-not-ours returns another message.
   */
  messageId: '<3f1c2a9e-5b7d-4c1e-9a3f-2d8b6e4c1a70@acme.example>',
  /** The reminder before it: the first of the Outlook reply's References. */
  earlierMessageId: '<8d0b6f52-1e3a-4f9c-b7d2-6a4e0c9f3b18@acme.example>',
  /** The address the replies were sent to (To, Delivered-To, Received's `for`), and the returned reminders' Reply-To. */
  replyAddress: 'reply+6r5mcc2yzrbxfjlhbyblfq6upetvyfekfd7y4fh7dz@in.acme.example',
} as const;

const FIXTURE_DIR = new URL('../fixtures/inbound/', import.meta.url);

export function readInboundFixture(name: InboundFixtureName): Buffer {
  return readFileSync(new URL(`${name}.eml`, FIXTURE_DIR));
}

/**
 * The fixture as if it answered or returned the given email: each of FIXTURE_IDS that is given is
 * replaced wherever it appears, in the headers of a returned message too. Ids and addresses in the
 * fixtures are never encoded (quoted-printable, base64), so a byte-for-byte replacement finds them all.
 */
export function readdressFixture(raw: Buffer, to: Partial<Record<keyof typeof FIXTURE_IDS, string>>): Buffer {
  let text = raw.toString('latin1');
  for (const key of Object.keys(FIXTURE_IDS) as (keyof typeof FIXTURE_IDS)[]) {
    const replacement = to[key];
    if (replacement !== undefined) text = text.split(FIXTURE_IDS[key]).join(Buffer.from(replacement, 'utf8').toString('latin1'));
  }
  return Buffer.from(text, 'latin1');
}

/**
 * The message with top-level headers set (the first occurrence replaced in place, later ones
 * dropped, or added at the end of the header block when absent) or removed (`null`). Names are
 * matched in any case; values are written as given, UTF-8.
 */
export function withHeaders(raw: Buffer, replacements: Record<string, string | null>): Buffer {
  const text = raw.toString('latin1');
  const blank = /\r?\n\r?\n/.exec(text);
  const headEnd = blank ? blank.index : text.length;
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  const fields = text.slice(0, headEnd).split(/\r?\n(?![ \t])/).filter((field) => field.length > 0);
  const wanted = new Map(Object.entries(replacements).map(([name, value]) => [name.toLowerCase(), { name, value }]));
  const written = new Set<string>();
  const kept = fields.flatMap((field) => {
    const name = field.slice(0, field.indexOf(':')).trim().toLowerCase();
    const replacement = wanted.get(name);
    if (!replacement) return [field];
    if (replacement.value === null || written.has(name)) return [];
    written.add(name);
    return [headerLine(replacement.name, replacement.value)];
  });
  for (const [name, { name: given, value }] of wanted) {
    if (value !== null && !written.has(name)) kept.push(headerLine(given, value));
  }
  return Buffer.from(kept.join(newline) + text.slice(headEnd), 'latin1');
}

/** `Name: value` as latin1 text holding the value's UTF-8 bytes, so the Buffer written back has them as given. */
function headerLine(name: string, value: string): string {
  return `${name}: ${Buffer.from(value, 'utf8').toString('latin1')}`;
}
