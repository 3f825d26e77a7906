/**
 * Header-like text read without a MIME parser: the header block of a returned message, the field
 * groups of a delivery status report (RFC 3464 §2.1: header-style fields, groups separated by blank
 * lines), and a message postal-mime refused. Lenient on purpose: what it cannot read it skips.
 */

export interface HeaderField {
  /** Lower-cased. */
  name: string;
  /** Unfolded (line breaks removed, whitespace kept) and trimmed; encoded words left as they are. */
  value: string;
}

/** The fields of a header block, up to its first empty line. Lines that are not fields are skipped. */
export function readHeaderFields(text: string): HeaderField[] {
  const fields: HeaderField[] = [];
  let current: string | null = null;
  const finish = (): void => {
    const colon = current?.indexOf(':') ?? -1;
    if (current !== null && colon > 0) {
      fields.push({ name: current.slice(0, colon).trim().toLowerCase(), value: current.slice(colon + 1).trim() });
    }
    current = null;
  };
  for (const line of text.split(/\r?\n/)) {
    if (line === '') break;
    if (/^[ \t]/.test(line) && current !== null) {
      current += line;
    } else {
      finish();
      current = line;
    }
  }
  finish();
  return fields;
}

/** Groups of fields separated by blank lines (lines of only whitespace count as blank: not every MTA is careful). */
export function readFieldGroups(text: string): HeaderField[][] {
  return text
    .split(/\r?\n(?:[ \t]*\r?\n)+/)
    .map((block) => readHeaderFields(block.replace(/^(?:[ \t]*\r?\n)+/, '')))
    .filter((group) => group.length > 0);
}

/** The value of the first field of that (lower-cased) name. */
export function fieldValue(fields: readonly HeaderField[], name: string): string | null {
  return fields.find((field) => field.name === name)?.value ?? null;
}

/**
 * Where a message's header block ends (at its first empty line) and its body starts. A message
 * with no empty line is all headers; one that starts with an empty line has none.
 */
export function findHeaderBlock(bytes: Uint8Array): { headerEnd: number; bodyStart: number } {
  let lineStart = 0;
  while (lineStart < bytes.length) {
    if (bytes[lineStart] === 0x0a) return { headerEnd: lineStart, bodyStart: lineStart + 1 };
    if (bytes[lineStart] === 0x0d && bytes[lineStart + 1] === 0x0a) return { headerEnd: lineStart, bodyStart: lineStart + 2 };
    const lineFeed = bytes.indexOf(0x0a, lineStart);
    if (lineFeed < 0) break;
    lineStart = lineFeed + 1;
  }
  return { headerEnd: bytes.length, bodyStart: bytes.length };
}
