import { withoutNul } from './readable-text';

/**
 * A message's top-level headers as they are kept (inbound_email's parsed headers): plain data,
 * so they store as jsonb and read back the same. Values are unfolded and otherwise as sent:
 * encoded words are not decoded (the subject and addresses are, on ParsedInbound).
 */
export interface InboundHeaders {
  /** The first value of each header, by lower-cased name: `first['auto-submitted']`. */
  first: Record<string, string>;
  /** Every header in order, duplicates included (each Received:), names lower-cased. */
  all: { name: string; value: string }[];
}

export function inboundHeaders(fields: readonly { name: string; value: string }[]): InboundHeaders {
  const all = fields.map((field) => ({ name: withoutNul(field.name).toLowerCase(), value: withoutNul(field.value) }));
  // No prototype: a header named `constructor` or `__proto__` is data like any other.
  const first = Object.create(null) as Record<string, string>;
  for (const { name, value } of all) {
    if (!Object.hasOwn(first, name)) first[name] = value;
  }
  return { first, all };
}

/** Every value of a header, in order: `headerValues(headers, 'received')`. */
export function headerValues(headers: InboundHeaders, name: string): string[] {
  const wanted = name.toLowerCase();
  return headers.all.filter((header) => header.name === wanted).map((header) => header.value);
}
