import { IMPORT_MAX_BYTES_DEFAULT } from '@receivables/contracts';
import { formatFileSize } from '@receivables/contracts';

import { isRequestError } from '../../lib/api-client';

/** Why this file cannot be uploaded, before a byte is sent; null when it may be. */
export function checkImportFile(file: { name: string; size: number }, maxBytes = IMPORT_MAX_BYTES_DEFAULT): string | null {
  if (!/\.csv$/iu.test(file.name.trim())) {
    return `“${file.name}” is not a CSV file. Export your invoices as CSV (comma-separated values) and choose that file.`;
  }
  if (file.size === 0) return `“${file.name}” is empty.`;
  if (file.size > maxBytes) {
    return `“${file.name}” is ${formatFileSize(file.size)}; the largest file you can import is ${formatFileSize(maxBytes)}. Split it into smaller files and import each one.`;
  }
  return null;
}

/** A failed upload in words: the server's reason for a broken file, or what to do about a large one. */
export function describeUploadError(error: unknown): string {
  if (!isRequestError(error)) return 'The file could not be uploaded. Please try again.';
  if (error.status === 413) {
    // The API's own answer names its limit; a proxy's 413 says nothing useful.
    const limit = error.details.length > 0 ? error.message.replace(/\.$/u, '') : 'This file is larger than the server accepts';
    return `${limit}. Split it into smaller files and import each one.`;
  }
  const reason = error.details.find((d) => d.field === 'file')?.reason;
  if (!reason) return error.message;
  // Reasons follow the field, as everywhere in the API: "is empty" reads "The file is empty."
  const sentence = /^\p{Ll}/u.test(reason) ? `The file ${reason}` : reason;
  return /[.!?]$/u.test(sentence) ? sentence : `${sentence}.`;
}

/** A column as the mapping screen names it: its header, or "Column 3" when the header is blank. */
export function columnLabel(headers: readonly string[], index: number): string {
  const header = headers[index]?.trim();
  return header ? header : `Column ${index + 1}`;
}
