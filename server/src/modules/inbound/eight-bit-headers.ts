import { isUtf8 } from 'node:buffer';

import { findHeaderBlock } from './header-fields';

const windows1252 = new TextDecoder('windows-1252');
const utf8 = new TextEncoder();

/**
 * The message with its top-level header lines in UTF-8. Headers should be 7-bit (encoded words) or
 * UTF-8 (RFC 6532), but older clients still send raw Latin-1 names and subjects; postal-mime reads
 * header bytes as UTF-8 and would turn each of those letters into U+FFFD. A line that is not valid
 * UTF-8 is read as Windows-1252 (the superset of Latin-1 every browser uses for it) and re-encoded;
 * valid lines and the body are left byte for byte. Headers of nested parts (an attachment's 8-bit
 * filename) are not repaired.
 */
export function withUtf8Headers(raw: Uint8Array): Uint8Array {
  const { headerEnd } = findHeaderBlock(raw);
  const head = raw.subarray(0, headerEnd);
  if (isUtf8(head)) return raw;
  const pieces: Uint8Array[] = [];
  let lineStart = 0;
  while (lineStart < headerEnd) {
    const lineFeed = head.indexOf(0x0a, lineStart);
    const lineEnd = lineFeed < 0 ? headerEnd : lineFeed + 1;
    const line = head.subarray(lineStart, lineEnd);
    pieces.push(isUtf8(line) ? line : utf8.encode(windows1252.decode(line)));
    lineStart = lineEnd;
  }
  pieces.push(raw.subarray(headerEnd));
  return Buffer.concat(pieces);
}
